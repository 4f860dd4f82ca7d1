import { describe, expect, it } from 'vitest';
import { definite } from './definite.js';

describe('definite', () => {
  it('gives the value, zero and empty text included', () => {
    expect(definite(0, 'a count')).toBe(0);
    expect(definite('', 'a name')).toBe('');
  });
  it('names what is missing', () => {
    expect(() => definite(undefined, 'the inserted account')).toThrow('the inserted account is missing');
    expect(() => definite(null, 'the link')).toThrow('the link is missing');
  });
});
