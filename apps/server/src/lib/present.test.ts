import { describe, expect, it } from 'vitest';
import { numbered } from './present.js';

describe('shared presentation', () => {
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
