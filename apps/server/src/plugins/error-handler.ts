import { fieldMessage } from '@playrep/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isStatementTimeout } from '../db/errors.js';
import { FieldError, HttpError } from '../lib/http-error.js';
import { fieldMessageHi, requestLanguage, serverMessageHi } from './messages-hi.js';

/**
 * Every error leaves as JSON `{ message }` with the right status; nothing internal (stack,
 * SQL, driver text) ever reaches the caller. A refusal of a field (a schema's verdict, a FieldError)
 * names it by its label on the call's screen. Messages leave in the request's language
 * (`requestLanguage`: English, or Hindi where the catalogue has them; docs/decisions/0021-languages.md).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const hindi = requestLanguage(request) === 'hi';
    const say = (message: string) => (hindi ? (serverMessageHi(message) ?? message) : message);
    if (error instanceof FieldError) {
      return reply.status(400).send({ message: namedField(request, error.field, error.message) });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ message: say(error.message) });
    }
    const issue = Array.isArray(error.validation) ? error.validation[0] : undefined;
    if (issue !== undefined) {
      // A schema's verdict (or the control-character check's): the first issue, with its field.
      // Unknown query parameters: the message names them already.
      if (issue.keyword === 'unrecognized_keys') return reply.status(400).send({ message: say(issue.message ?? 'is invalid') });
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
      return reply.status(400).send({ message: namedField(request, field, issue.message ?? 'is invalid') });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit) have safe messages.
      return reply.status(status).send({ message: say(error.message) });
    }
    if (isStatementTimeout(error)) {
      // A report statement ran (or, on the embedded database, waited) past REPORT_STATEMENT_TIMEOUT_MS.
      request.log.warn({ err: error }, 'report statement timed out');
      return reply.status(503).send({ message: say(REPORT_TIMEOUT_MESSAGE) });
    }
    request.log.error({ err: error }, 'request failed');
    if (isPoolExhausted(error)) {
      // Every connection of this process was busy for the pool's whole wait: a burst, not a fault.
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ message: say('The server is busy. Please try again in a few seconds.') });
    }
    if (isDatabaseUnavailable(error)) {
      // Down, restarting or failing over: worth trying again in a moment. A transaction cut off by
      // the lost connection is rolled back whole.
      return reply
        .status(503)
        .header('Retry-After', '2')
        .send({ message: say('The database is not available. Please try again shortly.') });
    }
    return reply.status(500).send({ message: say('Something went wrong') });
  });
}

/**
 * A refusal of one field: named by its label on the call's screen (docs/screens.md), as the person
 * who filled it reads it; a field no screen fills by its name in the API (`events.0.type: ...`).
 */
function namedField(request: FastifyRequest, field: string, message: string): string {
  const label = request.routeOptions.config?.labels?.[field];
  if (requestLanguage(request) === 'hi') return fieldMessageHi(label ?? field, message);
  return label ? fieldMessage(label, message) : `${field}: ${message}`;
}

const REPORT_TIMEOUT_MESSAGE = 'This report took too long to prepare. Choose a shorter date range and try again.';

/** node-postgres's pool gave up waiting for a free connection (connectionTimeoutMillis). */
function isPoolExhausted(error: unknown): boolean {
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect';
}
