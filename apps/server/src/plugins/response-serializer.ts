import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Answers serialised without zod's run-time copy when they already have their schema's exact shape.
 *
 * fastify-type-provider-zod's serializer has zod check and copy every answer (the schema's
 * properties, in the schema's order, others dropped) and then JSON.stringify the copy. Here a
 * checker compiled from the response's zod schema, once per route, walks the answer instead: when
 * every object holds exactly its schema's properties in the schema's order (optional ones may be
 * missing or undefined), every value is of its schema's kind (a string, a finite number, an
 * integer where the schema says so, a boolean, one of an enum's values, null only where nullable),
 * zod's copy would be the same object, so JSON.stringify of the answer itself writes the same
 * bytes. Any other answer (an extra property, another order, a wrong kind) goes the zod way as
 * before, which drops, reorders or refuses (500) exactly as it did. Schemas with a kind this does
 * not cover (unions, records, transforms, defaults, checks other than integer formats) always go
 * the zod way. So what is sent never changes; only the work does.
 *
 * `crossCheck` (every mode but production: tests and development): zod's serializer runs on every
 * answer as before, and an answer the checker passed must serialise to the same bytes, else the
 * answer fails (SerializerMismatchError).
 */
type Check = (value: unknown) => boolean;

interface ZodDef {
  type: string;
  /** A string or number format (z.email(), z.int(), ...): the schema is its own check. */
  format?: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  shape?: Record<string, ZodSchema>;
  catchall?: unknown;
  element?: ZodSchema;
  innerType?: ZodSchema;
  entries?: Record<string, unknown>;
  values?: unknown[];
}
type ZodSchema = { _zod: { def: ZodDef } };

const INTEGER_FORMATS: Record<string, (n: number) => boolean> = {
  safeint: Number.isSafeInteger,
  int32: (n) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647,
  uint32: (n) => Number.isInteger(n) && n >= 0 && n <= 4294967295,
};

const isPrimitive = (value: unknown) =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  value === null ||
  (typeof value === 'number' && Number.isFinite(value));

/** Whether a key would be listed first by JSON.stringify whatever the order it was set in (an array index). */
const INDEX_KEY = /^(0|[1-9][0-9]*)$/;

/** The checker of a schema, or null when it holds a kind (or a check) this does not cover. */
export function compileShapeCheck(schema: ZodSchema): Check | null {
  const def = schema?._zod?.def;
  if (!def) return null;
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'string':
      return checks.length > 0 || def.format !== undefined ? null : (v) => typeof v === 'string';
    case 'boolean':
      return checks.length > 0 ? null : (v) => typeof v === 'boolean';
    case 'number': {
      const formats: ((n: number) => boolean)[] = [];
      if (def.format !== undefined) {
        const test = INTEGER_FORMATS[def.format];
        if (!test) return null;
        formats.push(test);
      }
      for (const check of checks) {
        const { check: kind, format } = check._zod.def;
        const test = kind === 'number_format' && format !== undefined ? INTEGER_FORMATS[format] : undefined;
        if (!test) return null;
        formats.push(test);
      }
      return (v) => typeof v === 'number' && Number.isFinite(v) && formats.every((ok) => ok(v));
    }
    case 'enum':
    case 'literal': {
      const values = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
      if (checks.length > 0 || values.length === 0 || !values.every(isPrimitive)) return null;
      const allowed = new Set(values);
      return (v) => allowed.has(v);
    }
    case 'nullable': {
      const inner = def.innerType ? compileShapeCheck(def.innerType) : null;
      if (!inner || checks.length > 0) return null;
      return (v) => v === null || inner(v);
    }
    case 'array': {
      const element = def.element ? compileShapeCheck(def.element) : null;
      if (!element || checks.length > 0) return null;
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      };
    }
    case 'object':
      return compileObjectCheck(def);
    default:
      // optional (outside an object), default, pipe, transform, union, record, date, ...: zod's way.
      return null;
  }
}

function compileObjectCheck(def: ZodDef): Check | null {
  if (def.catchall !== undefined || (def.checks ?? []).length > 0 || !def.shape) return null;
  const keys: string[] = [];
  const optional: boolean[] = [];
  const checks: Check[] = [];
  for (const [key, property] of Object.entries(def.shape)) {
    if (INDEX_KEY.test(key)) return null;
    const isOptional = property._zod.def.type === 'optional';
    if (isOptional && (property._zod.def.checks ?? []).length > 0) return null;
    const inner = isOptional ? property._zod.def.innerType : property;
    const check = inner ? compileShapeCheck(inner) : null;
    if (!check) return null;
    keys.push(key);
    optional.push(isOptional);
    checks.push(check);
  }
  const count = keys.length;
  return (v) => {
    if (typeof v !== 'object' || v === null) return false;
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return false; // arrays, dates, class instances
    // Its own keys, in order, must be the schema's (an optional one may be absent).
    let at = 0;
    for (const key in v) {
      while (at < count && keys[at] !== key && optional[at]) at++;
      if (at === count || keys[at] !== key) return false;
      const value = (v as Record<string, unknown>)[key];
      // `at` < count here, so the check is there: `?.` only narrows the type.
      if (value === undefined ? !optional[at] : !checks[at]?.(value)) return false;
      at++;
    }
    while (at < count) if (!optional[at++]) return false;
    return true;
  };
}

export class SerializerMismatchError extends Error {}

/** Fastify's serializer compiler for every route: JSON.stringify of an answer of its schema's exact shape, else zod's. */
export function compiledSerializerCompiler(options: { crossCheck: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const zodWay = zodSerializerCompiler(route) as (data: unknown) => string;
    const hasShape = compileShapeCheck(resolveSchema(route.schema) as ZodSchema);
    if (!hasShape) return zodWay;
    if (options.crossCheck) {
      return (data) => {
        const expected = zodWay(data);
        if (hasShape(data) && JSON.stringify(data) !== expected) {
          throw new SerializerMismatchError(
            `${route.method} ${route.url}: the answer passed the shape check but zod writes it otherwise`,
          );
        }
        return expected;
      };
    }
    return (data) => (hasShape(data) ? JSON.stringify(data) : zodWay(data));
  };
}

/** The zod schema of a response entry: the schema itself, or `{ properties: schema }` (as the zod type provider reads it). */
function resolveSchema(schema: unknown): unknown {
  if (typeof schema === 'object' && schema !== null && 'properties' in schema && !('_zod' in schema)) {
    return (schema as { properties: unknown }).properties;
  }
  return schema;
}
