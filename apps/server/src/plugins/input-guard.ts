import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { badField } from '../lib/http-error.js';

/**
 * Control characters (U+0000-U+001F and U+007F) in a query parameter, a path parameter or a body
 * field are refused with 400 naming the field, before anything reads the value (PostgreSQL, for
 * one, refuses a NUL in text: that was a 500). Only free text that may run over several lines
 * (an address) may hold a tab or a line break.
 *
 * Parts that have a schema are checked as part of their validation (so a login body with one
 * counts towards the sign-in limits like any malformed body); parts without are checked by a hook.
 *
 * Before either, a hook refuses with 400 any part nested deeper than MAX_INPUT_DEPTH objects and
 * arrays, on every route (the feed's too): no call takes more than a few levels, and a walk over a
 * body nested 50,000 levels deep would exhaust the stack (a 500).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same without tab, line feed and carriage return
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Body fields of free text over several lines. */
const MULTILINE_FIELDS = new Set(['address']);

const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** The deepest nesting of objects and arrays a request part may have (a feed batch has 3: the body, its events, an event). */
export const MAX_INPUT_DEPTH = 32;
const TOO_DEEP_MESSAGE = `must not be nested more than ${MAX_INPUT_DEPTH} levels deep (objects and arrays)`;

type Part = 'querystring' | 'params' | 'body';

/**
 * The path (`a.b.0`) of the first string holding a control character, or null. Bodies can hold
 * thousands of fields (a feed batch): the path is one array, extended and shortened on the way,
 * and copied only for the string that is found.
 */
function controlCharacterAt(value: unknown, part: Part, path: string[] = []): string[] | null {
  if (typeof value === 'string') {
    const field = path.at(-1);
    const pattern =
      part === 'body' && field !== undefined && MULTILINE_FIELDS.has(field)
        ? CONTROL_CHARACTER_BUT_LINE_BREAKS
        : CONTROL_CHARACTER;
    return pattern.test(value) ? [...path] : null;
  }
  // Deeper parts are refused before validation (registerInputGuard); never walked here.
  if (typeof value !== 'object' || value === null || path.length >= MAX_INPUT_DEPTH) return null;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    // A key is text from the caller too.
    if (CONTROL_CHARACTER.test(key)) return [...path, key];
    path.push(key);
    const found = controlCharacterAt((value as Record<string, unknown>)[key], part, path);
    path.pop();
    if (found) return found;
  }
  return null;
}

/** The field as error messages name it: `username`, `roles`, or the part itself when it is the value. */
function fieldName(path: string[], part: Part): string {
  return path.length > 0 ? path.join('.') : part;
}

/**
 * Wraps a validator compiler: a value with a control character fails validation with a message
 * naming its field (shaped like a schema validation error, `{ instancePath, message }`).
 */
export function refusingControlCharacters<S>(compiler: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compiler(route);
    const part = route.httpPart;
    if (part !== 'querystring' && part !== 'params' && part !== 'body') return validate;
    return (data: unknown) => {
      const path = controlCharacterAt(data, part);
      if (path === null) return validate(data);
      return {
        error: [
          {
            keyword: 'control_character',
            instancePath: `/${path.join('/')}`,
            schemaPath: '#',
            params: {},
            message: CONTROL_CHARACTER_MESSAGE,
          },
        ],
      };
    };
  };
}

/**
 * True when `value` holds objects or arrays nested deeper than `limit`: level by level, without
 * recursion, so any depth is measured safely.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth += 1) {
    const next: unknown[] = [];
    for (const item of level) {
      if (typeof item !== 'object' || item === null) continue;
      if (depth === limit) return true;
      for (const key in item) if (Object.hasOwn(item, key)) next.push((item as Record<string, unknown>)[key]);
    }
    level = next;
  }
  return false;
}

/**
 * The depth check of every part, and the control-character check of the parts of a route that
 * have no schema (no validator runs on them).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    const parts: [Part, unknown, boolean][] = [
      ['querystring', request.query, !schema?.querystring],
      ['params', request.params, !schema?.params],
      ['body', request.body, !schema?.body],
    ];
    for (const [part, value] of parts) {
      if (nestedDeeperThan(value, MAX_INPUT_DEPTH)) throw badField(part, TOO_DEEP_MESSAGE);
    }
    for (const [part, value, unchecked] of parts) {
      const path = unchecked ? controlCharacterAt(value, part) : null;
      if (path !== null) throw badField(fieldName(path, part), CONTROL_CHARACTER_MESSAGE);
    }
  });
}
