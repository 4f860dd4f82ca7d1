import { describe, expect, it } from 'vitest';
import { withinReportYears } from './report-years';

describe('a picked range within the report years', () => {
  it('stops the paired day at 01-Jan-2000 and 31-Dec-2100, and leaves other days and blanks alone', () => {
    expect(withinReportYears({ from: '1999-12-28', to: '2000-01-03' })).toEqual({ from: '2000-01-01', to: '2000-01-03' });
    expect(withinReportYears({ from: '2100-12-29', to: '2101-01-04' })).toEqual({ from: '2100-12-29', to: '2100-12-31' });
    expect(withinReportYears({ from: '2025-03-01', to: '2025-03-07' })).toEqual({ from: '2025-03-01', to: '2025-03-07' });
    expect(withinReportYears({ from: null, to: '2000-01-03' })).toEqual({ from: null, to: '2000-01-03' });
  });
});
