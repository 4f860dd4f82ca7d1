import { IST_OFFSET_MINUTES } from '@playrep/contracts/display-format';
import { DATE_LABELS } from '@playrep/contracts/field-labels';
import { badRequest } from './http-error.js';

/**
 * Business dates (docs/domain.md, "Days and weeks"). A date is a calendar day in Asia/Kolkata, carried as
 * 'YYYY-MM-DD'. India keeps UTC+05:30 all year, so the zone is a fixed offset (the one the display
 * formats use too).
 */
export const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
export const MAX_RANGE_DAYS = 366;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export type IsoDay = string;

/** The IST calendar day of an instant. */
export function istDay(instant: Date): IsoDay {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant at which an IST day begins (00:00 IST). */
export function istDayStart(day: IsoDay): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - IST_OFFSET_MS);
}

export function addDays(day: IsoDay, days: number): IsoDay {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS);
}

/** Monday of the settlement week holding `day` (weeks run Monday to Sunday, IST). */
export function weekStartOf(day: IsoDay): IsoDay {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** 'DD-Mon-YYYY', as the screens show dates. */
export function formatDayMon(day: IsoDay): string {
  const [y, m, d] = day.split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}

/** Parses 'YYYY-MM-DD' or 'DD-Mon-YYYY' (case-insensitive month); null when it is not a real date. */
export function parseDay(input: string): IsoDay | null {
  const text = input.trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const mon = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text);
  if (iso) {
    y = Number(iso[1]);
    m = Number(iso[2]);
    d = Number(iso[3]);
  } else if (mon) {
    d = Number(mon[1]);
    const monthName = mon[2]?.toLowerCase();
    m = MONTHS.findIndex((name) => name.toLowerCase() === monthName) + 1;
    y = Number(mon[3]);
    if (m === 0) return null;
  } else return null;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

export interface DayRange {
  from: IsoDay;
  to: IsoDay;
}

/** The instants [start, end) that a day range covers, for `created_at >= start AND created_at < end`. */
export function rangeInstants(range: DayRange): { start: Date; end: Date } {
  return { start: istDayStart(range.from), end: istDayStart(addDays(range.to, 1)) };
}

/** The years a report date may fall in: anything outside is a slip of the keyboard, not a report. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/**
 * The label of a date field as the screens show it (the contracts' DATE_LABELS; docs/screens.md,
 * Every report screen): every date message names the field as the user sees it. Daily Status and
 * Agent Status send their one Select Date as `date`. A name that is already a label (or unknown) is kept.
 */
export function dateFieldLabel(field: string): string {
  return (DATE_LABELS as Readonly<Record<string, string>>)[field] ?? field;
}

/** One date filter: undefined when blank; 400 naming the field when it is not a day of 2000-2100. */
function readDay(value: string | undefined, field: string): IsoDay | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const label = dateFieldLabel(field);
  const day = parseDay(value);
  if (!day) throw badRequest(`${label} is not a valid date (use YYYY-MM-DD or DD-Mon-YYYY): ${value}`);
  const year = Number(day.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    throw badRequest(`${label} must be a date in the years ${FIRST_YEAR} to ${LAST_YEAR}: ${value}`);
  }
  return day;
}

/**
 * Reads a report's date filters (API field names, `fromDate` and `toDate` unless given). Missing
 * dates mean the 7 days ending today; a missing `from` with a `to` means the 7 days ending `to`,
 * and the other way round, so a bound the caller did not give is never the one found wrong.
 * Errors name the fields by the screens' labels ("To Date must not be before From Date").
 */
export function resolveRange(
  params: { fromDate?: string | undefined; toDate?: string | undefined },
  today: IsoDay,
  names: { from: string; to: string } = { from: 'fromDate', to: 'toDate' },
): DayRange {
  const fromIn = readDay(params.fromDate, names.from);
  const toIn = readDay(params.toDate, names.to);
  const to = toIn ?? (fromIn ? addDays(fromIn, 6) : today);
  const from = fromIn ?? addDays(to, -6);
  const [fromLabel, toLabel] = [dateFieldLabel(names.from), dateFieldLabel(names.to)];
  if (to < from) throw badRequest(`${toLabel} must not be before ${fromLabel}`);
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) {
    throw badRequest(`${toLabel} must be within ${MAX_RANGE_DAYS} days of ${fromLabel}`);
  }
  return { from, to };
}

/** Reads a single-day filter (API field name, or the label to show); missing means today. */
export function resolveDay(value: string | undefined, today: IsoDay, field: string): IsoDay {
  return readDay(value, field) ?? today;
}
