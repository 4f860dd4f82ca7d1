import { badRequest } from './http-error.js';

/**
 * Business dates (DOMAIN.md section 4). A date is a calendar day in Asia/Kolkata, carried as
 * 'YYYY-MM-DD'. India keeps UTC+05:30 all year, so the zone is a fixed offset.
 */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
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
    m = MONTHS.findIndex((name) => name.toLowerCase() === mon[2]!.toLowerCase()) + 1;
    y = Number(mon[3]);
    if (m === 0) return null;
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
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

/**
 * Reads a report's date filters. Missing dates mean the 7 days ending today; a missing `from`
 * with a `to` means the 7 days ending `to`, and the other way round. Errors name the field.
 */
export function resolveRange(
  params: { fromDate?: string | undefined; toDate?: string | undefined },
  today: IsoDay,
  names: { from: string; to: string } = { from: 'fromDate', to: 'toDate' },
): DayRange {
  const read = (value: string | undefined, field: string): IsoDay | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const day = parseDay(value);
    if (!day) throw badRequest(`${field} is not a valid date (use YYYY-MM-DD or DD-Mon-YYYY): ${value}`);
    return day;
  };
  const fromIn = read(params.fromDate, names.from);
  const toIn = read(params.toDate, names.to);
  const to = toIn ?? (fromIn ? addDays(fromIn, 6) : today);
  const from = fromIn ?? addDays(to, -6);
  if (to < from) throw badRequest(`${names.to} must not be before ${names.from}`);
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) {
    throw badRequest(`${names.to} must be within ${MAX_RANGE_DAYS} days of ${names.from}`);
  }
  return { from, to };
}

/** Reads a single-day filter (Daily Status, Agent Status); missing means today. */
export function resolveDay(value: string | undefined, today: IsoDay, field: string): IsoDay {
  if (value === undefined || value.trim() === '') return today;
  const day = parseDay(value);
  if (!day) throw badRequest(`${field} is not a valid date (use YYYY-MM-DD or DD-Mon-YYYY): ${value}`);
  return day;
}
