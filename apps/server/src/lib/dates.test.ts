import { describe, expect, it } from 'vitest';
import { resolveDay, resolveRange } from './dates.js';
import { HttpError } from './http-error.js';

const TODAY = '2025-03-09';

/** The 400 message of a call that must fail. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as Error).message;
  }
  throw new Error('expected a 400');
}

describe('report date range', () => {
  it('defaults to the 7 days ending today, or the 7 days from or to the one bound given', () => {
    expect(resolveRange({}, TODAY)).toEqual({ from: '2025-03-03', to: TODAY });
    expect(resolveRange({ fromDate: '2025-03-01' }, TODAY)).toEqual({ from: '2025-03-01', to: '2025-03-07' });
    expect(resolveRange({ toDate: '05-Mar-2025' }, TODAY)).toEqual({ from: '2025-02-27', to: '2025-03-05' });
  });

  it('never blames a To Date that was not given: a From Date after today alone is its own week', () => {
    expect(resolveRange({ fromDate: '2025-04-01', toDate: '' }, TODAY)).toEqual({ from: '2025-04-01', to: '2025-04-07' });
    expect(resolveRange({ fromDate: '2099-12-31' }, TODAY)).toEqual({ from: '2099-12-31', to: '2100-01-06' });
    expect(resolveRange({ toDate: '2000-01-03' }, TODAY)).toEqual({ from: '1999-12-28', to: '2000-01-03' });
  });

  it('names the fields as the screens label them', () => {
    expect(refusal(() => resolveRange({ fromDate: '2025-02-30' }, TODAY))).toBe(
      'From Date is not a valid date (use YYYY-MM-DD or DD-Mon-YYYY): 2025-02-30',
    );
    expect(refusal(() => resolveRange({ toDate: 'yesterday' }, TODAY))).toBe(
      'To Date is not a valid date (use YYYY-MM-DD or DD-Mon-YYYY): yesterday',
    );
    expect(refusal(() => resolveRange({ fromDate: '2025-03-09', toDate: '2025-03-01' }, TODAY))).toBe(
      'To Date must not be before From Date',
    );
    expect(refusal(() => resolveRange({ fromDate: '2023-01-01', toDate: '2025-03-01' }, TODAY))).toBe(
      'To Date must be within 366 days of From Date',
    );
  });

  it('calls the one day of Daily Status and Agent Status (`date`) Select Date', () => {
    const day = (value: string) => resolveRange({ fromDate: value, toDate: value }, TODAY, { from: 'date', to: 'date' });
    expect(day('2025-03-05')).toEqual({ from: '2025-03-05', to: '2025-03-05' });
    expect(refusal(() => day('31-Feb-2025'))).toBe(
      'Select Date is not a valid date (use YYYY-MM-DD or DD-Mon-YYYY): 31-Feb-2025',
    );
    expect(refusal(() => day('1999-12-31'))).toBe('Select Date must be a date in the years 2000 to 2100: 1999-12-31');
  });

  it.each([
    [{ fromDate: '1999-12-31' }, 'From Date must be a date in the years 2000 to 2100: 1999-12-31'],
    [{ fromDate: '0001-01-01', toDate: '2025-03-01' }, 'From Date must be a date in the years 2000 to 2100: 0001-01-01'],
    [{ toDate: '2101-01-01' }, 'To Date must be a date in the years 2000 to 2100: 2101-01-01'],
    [{ fromDate: '01-Jan-9999', toDate: '2025-03-01' }, 'From Date must be a date in the years 2000 to 2100: 01-Jan-9999'],
  ])('refuses a year outside 2000-2100: %j', (params, message) => {
    expect(refusal(() => resolveRange(params, TODAY))).toBe(message);
  });

  it('takes the first and last day of the years allowed', () => {
    expect(resolveRange({ fromDate: '2000-01-01', toDate: '2000-01-01' }, TODAY)).toEqual({
      from: '2000-01-01',
      to: '2000-01-01',
    });
    expect(resolveRange({ fromDate: '2100-12-31', toDate: '31-Dec-2100' }, TODAY)).toEqual({
      from: '2100-12-31',
      to: '2100-12-31',
    });
  });
});

describe('report day', () => {
  it('is today when missing, else the day, named by its label when wrong', () => {
    expect(resolveDay(undefined, TODAY, 'fromDate')).toBe(TODAY);
    expect(resolveDay(' ', TODAY, 'fromDate')).toBe(TODAY);
    expect(resolveDay('05-Mar-2025', TODAY, 'fromDate')).toBe('2025-03-05');
    expect(refusal(() => resolveDay('2025-13-01', TODAY, 'fromDate'))).toBe(
      'From Date is not a valid date (use YYYY-MM-DD or DD-Mon-YYYY): 2025-13-01',
    );
    expect(refusal(() => resolveDay('2200-01-01', TODAY, 'To Date'))).toBe(
      'To Date must be a date in the years 2000 to 2100: 2200-01-01',
    );
    expect(refusal(() => resolveDay('1900-01-01', TODAY, 'date'))).toBe(
      'Select Date must be a date in the years 2000 to 2100: 1900-01-01',
    );
  });
});
