/** An error whose message is safe to show to the caller, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A refusal of one field of the request (400): the error handler names the field by its label on
 * the call's screen ("New password: It must be at least 8 characters long."), or by its name for a
 * field no screen fills. `message` is a predicate ("is required") or a sentence.
 */
export class FieldError extends HttpError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(400, message);
    this.name = 'FieldError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const badField = (field: string, message: string) => new FieldError(field, message);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
