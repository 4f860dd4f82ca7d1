import { describe, expect, it } from 'vitest';
import { presetRange, presetWithin, RANGE_PRESETS, type RangePreset } from './report-dates';

/** Every preset on one fixed day, by label. */
const all = (today: string) =>
  Object.fromEntries(RANGE_PRESETS.map((preset) => [preset, presetRange(preset, today)])) as Record<
    RangePreset,
    { from: string; to: string }
  >;

/** The weekday of a day, independent of the code under test: 0 Sunday ... 1 Monday. */
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

describe('range presets', () => {
  it('on a Monday: the open week is that one day, Last week the whole week before', () => {
    const today = '2026-11-23';
    expect(weekday(today)).toBe(1);
    expect(all(today)).toEqual({
      'This week': { from: '2026-11-23', to: '2026-11-23' },
      'Last week': { from: '2026-11-16', to: '2026-11-22' },
      'Last 4 weeks': { from: '2026-11-02', to: '2026-11-23' },
      'Last 12 weeks': { from: '2026-09-07', to: '2026-11-23' },
      'This month': { from: '2026-11-01', to: '2026-11-23' },
      'Last month': { from: '2026-10-01', to: '2026-10-31' },
    });
  });

  it('on a Sunday: This week is the whole week, Monday to that Sunday', () => {
    const today = '2026-11-29';
    expect(weekday(today)).toBe(0);
    const presets = all(today);
    expect(presets['This week']).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presets['Last week']).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presets['Last 4 weeks']).toEqual({ from: '2026-11-02', to: '2026-11-29' });
  });

  it('on the 1st of a month: This month is that day, Last month the whole month before (a leap February too)', () => {
    expect(all('2026-03-01')['This month']).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(all('2026-03-01')['Last month']).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(all('2024-03-01')['Last month']).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    // A Sunday the 1st: the week began in the month before.
    expect(all('2026-03-01')['This week']).toEqual({ from: '2026-02-23', to: '2026-03-01' });
  });

  it('on a month end: This month is the whole month, Last month a 30-day one when it is', () => {
    expect(all('2026-01-31')['This month']).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(all('2026-05-31')['Last month']).toEqual({ from: '2026-04-01', to: '2026-04-30' });
  });

  it('across a year end: weeks and months reach back into the year before', () => {
    expect(all('2026-01-01')).toEqual({
      'This week': { from: '2025-12-29', to: '2026-01-01' },
      'Last week': { from: '2025-12-22', to: '2025-12-28' },
      'Last 4 weeks': { from: '2025-12-08', to: '2026-01-01' },
      'Last 12 weeks': { from: '2025-10-13', to: '2026-01-01' },
      'This month': { from: '2026-01-01', to: '2026-01-01' },
      'Last month': { from: '2025-12-01', to: '2025-12-31' },
    });
  });

  it('never ends after today, and every week preset starts on a Monday', () => {
    for (let offset = 0; offset < 40; offset++) {
      const today = new Date(Date.UTC(2025, 11, 20 + offset)).toISOString().slice(0, 10);
      for (const [preset, range] of Object.entries(all(today))) {
        expect(range.to <= today, `${preset} on ${today}`).toBe(true);
        expect(range.from <= range.to, `${preset} on ${today}`).toBe(true);
        if (preset.includes('week')) expect(weekday(range.from), `${preset} on ${today}`).toBe(1);
      }
    }
  });

  it("cuts a preset to a screen's earliest and latest days, or leaves it out when none is allowed", () => {
    const lastMonth = { from: '2026-10-01', to: '2026-10-31' };
    expect(presetWithin(lastMonth, '2026-10-10', '2026-11-25')).toEqual({ from: '2026-10-10', to: '2026-10-31' });
    expect(presetWithin(lastMonth, undefined, '2026-10-20')).toEqual({ from: '2026-10-01', to: '2026-10-20' });
    expect(presetWithin(lastMonth, '2026-11-01', '2026-11-25')).toBeNull();
  });
});
