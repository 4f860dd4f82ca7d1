import { z } from 'zod';
import { EXPORT_FORMATS, EXPORT_LANGUAGE_MESSAGE, EXPORT_LANGUAGES } from '../tables/columns.js';

/** The answer to a query parameter a call does not take. */
export function unknownQueryParametersMessage(names: readonly string[]): string {
  return `Unknown query parameter${names.length === 1 ? '' : 's'}: ${names.join(', ')}`;
}

/**
 * The query of a call: the parameters it takes and no other. An unknown one is refused with 400
 * naming it (a misspelt filter would otherwise be ignored without a word).
 */
export function queryObject<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownQueryParametersMessage(issue.keys) : undefined),
  });
}

/** `lang` of a download: its headers in English (the default) or Hindi (EXPORT_LANGUAGES). */
export const exportLanguageParam = () => z.enum(EXPORT_LANGUAGES, { error: EXPORT_LANGUAGE_MESSAGE }).optional();

/** Query of every report over a date range: `id` is the subject account (default: the caller). */
export const RangeQuery = queryObject({
  id: z.string().trim().optional(),
  fromDate: z.string().optional(),
  toDate: z.string().optional(),
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type RangeQuery = z.infer<typeof RangeQuery>;

/** A counterparty or member as the report rows carry it. */
export const AccountRef = z.object({
  _id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type AccountRef = z.infer<typeof AccountRef>;

export const ErrorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The subject account echoed back: whom the report is about. */
export const SubjectEcho = z.object({ _id: z.string(), username: z.string() });

/** Report range echoed back in 'YYYY-MM-DD' so the screen shows what the server used. */
export const RangeEcho = z.object({ fromDate: z.string(), toDate: z.string() });
