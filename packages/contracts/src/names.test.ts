import { describe, expect, it } from 'vitest';
import { fullName } from './names.js';

describe('fullName', () => {
  it('joins first and last name with one space, without an edge space when one is empty', () => {
    expect(fullName('Sunil', 'Kapoor')).toBe('Sunil Kapoor');
    expect(fullName('Sunil', '')).toBe('Sunil');
    expect(fullName('', 'Kapoor')).toBe('Kapoor');
    expect(fullName('', '')).toBe('');
  });
});
