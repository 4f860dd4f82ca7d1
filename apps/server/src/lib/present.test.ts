import { describe, expect, it } from 'vitest';
import { fullName, numbered } from './present.js';

describe('shared presentation', () => {
  it('joins first and last name with one space, without an edge space when one is empty', () => {
    expect(fullName('Sunil', 'Kapoor')).toBe('Sunil Kapoor');
    expect(fullName('Sunil', '')).toBe('Sunil');
    expect(fullName('', 'Kapoor')).toBe('Kapoor');
    expect(fullName('', '')).toBe('');
  });

  it('numbers rows from 1 in their order, Sr. No. first', () => {
    const rows = numbered([{ username: 'b' }, { username: 'a' }]);
    expect(rows).toEqual([
      { srNo: 1, username: 'b' },
      { srNo: 2, username: 'a' },
    ]);
    expect(Object.keys(rows[0]!)[0]).toBe('srNo');
    expect(numbered([])).toEqual([]);
  });
});
