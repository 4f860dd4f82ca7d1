import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type CallName, ENDPOINTS, fieldLabels } from './endpoints.js';
import { DATE_LABELS, FIELD_LABELS, fieldMessage } from './field-labels.js';

/** The fields of a call's query and body. */
function fieldsOf(name: CallName): string[] {
  const { query, body } = ENDPOINTS[name] as { query?: unknown; body?: unknown };
  return [query, body].flatMap((schema) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []));
}

describe('the labels of the fields', () => {
  it('name calls of the endpoint table and fields they take', () => {
    for (const [call, labels] of Object.entries(FIELD_LABELS)) {
      expect(call in ENDPOINTS, call).toBe(true);
      const fields = fieldsOf(call as CallName);
      for (const field of Object.keys(labels)) expect(fields, `${call}.${field}`).toContain(field);
    }
  });

  it('of a call are its own, with the report dates', () => {
    expect(fieldLabels('todayThreshold')).toEqual({ ...DATE_LABELS, threshold: 'Big wins from (points)' });
    expect(fieldLabels('health')).toEqual(DATE_LABELS);
  });

  it('name the field in a refusal: before a predicate, before a colon and a sentence', () => {
    expect(fieldMessage('Weeks', 'must be one of 4, 8, 12, 26')).toBe('Weeks must be one of 4, 8, 12, 26');
    expect(fieldMessage('New password', 'It must be at least 8 characters long.')).toBe(
      'New password: It must be at least 8 characters long.',
    );
  });
});
