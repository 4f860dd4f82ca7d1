/**
 * Display formats shared by every report screen (docs/screens.md, Every report screen), over
 * the contracts' display-format.ts, which the server's downloads and mails use too: numbers in
 * Indian grouping (12,34,567.00), date-times in Asia/Kolkata as en-IN 12-hour, dates as
 * DD-Mon-YYYY. API dates are IST calendar days written 'YYYY-MM-DD'; these take any value a
 * column may hold and show nothing for a missing one.
 */

import { formatDayText, formatInstant, formatIstTime, formatPoints, formatWhole, istClock } from '@playrep/contracts';
import { currentHindi } from './i18n/language';

/** A count with its noun, singular for one: '1 entry', '12 entries' (the contracts' display-format.ts). */
export { formatCount } from '@playrep/contracts';

/** A calendar day as the API sends and receives it: 'YYYY-MM-DD'. */
export type ApiDate = string;

const API_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A number from an API value (numbers, numeric strings); null when it is not one. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Money and other decimals: '12,34,567.00', '-1,234.50'. Empty for a missing value. */
export function formatAmount(value: unknown): string {
  const n = toNumber(value);
  return n === null ? '' : formatPoints(n);
}

/** Counts and other integer columns: '12,34,567'. Empty for a missing value. */
export function formatInt(value: unknown): string {
  const n = toNumber(value);
  return n === null ? '' : formatWhole(n);
}

/** True for a real calendar day written 'YYYY-MM-DD' (rejects 2025-02-30). */
export function isApiDate(value: unknown): value is ApiDate {
  return typeof value === 'string' && parseApiDate(value) !== null;
}

/** 'YYYY-MM-DD' as a Date at UTC midnight of that day (for arithmetic), or null when invalid. */
export function parseApiDate(value: string): Date | null {
  const match = API_DATE.exec(value);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return formatApiDate(date) === value ? date : null;
}

/** The inverse of parseApiDate: the UTC calendar day of `date` as 'YYYY-MM-DD'. */
export function formatApiDate(date: Date): ApiDate {
  const y = String(date.getUTCFullYear()).padStart(4, '0');
  const m = String(date.getUTCMonth() + 1).padStart(2, '0');
  const d = String(date.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The IST calendar day of an instant, 'YYYY-MM-DD'. */
export function istDayOf(instant: Date | number | string): ApiDate {
  return formatApiDate(istClock(instant instanceof Date ? instant : new Date(instant)));
}

/** Today in India, 'YYYY-MM-DD'. */
export function todayIst(now: Date = new Date()): ApiDate {
  return istDayOf(now);
}

/** The day `days` after (or before, when negative) an API date. */
export function addDays(day: ApiDate, days: number): ApiDate {
  const date = parseApiDate(day);
  if (!date) throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  date.setUTCDate(date.getUTCDate() + days);
  return formatApiDate(date);
}

function toInstant(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/**
 * A calendar day as '05-Mar-2025'. An API date is shown as is; an instant (ISO string, Date,
 * epoch ms) is shown as its IST day. Empty for a missing or invalid value.
 */
export function formatDate(value: unknown): string {
  let day: string | null = null;
  if (typeof value === 'string' && API_DATE.test(value)) day = isApiDate(value) ? value : null;
  else {
    const instant = toInstant(value);
    day = instant ? istDayOf(instant) : null;
  }
  if (!day) return '';
  // Hindi spells the month in Hindi (28-नव॰-2026); the digits stay.
  const months = currentHindi()?.months;
  return months ? `${day.slice(8, 10)}-${months[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}` : formatDayText(day);
}

/** An instant as '05/03/2025, 2:07:09 pm' in IST. Empty for a missing or invalid value. */
export function formatDateTime(value: unknown): string {
  const instant = toInstant(value);
  return instant ? formatInstant(instant) : '';
}

/** The time of day of an instant as '2:07 pm' in IST (a live page's "Updated"). Empty for a missing or invalid value. */
export function formatClock(value: unknown): string {
  const instant = toInstant(value);
  return instant ? formatIstTime(instant, false) : '';
}

/** Milliseconds for sorting a date or date-time value (API day, ISO string, Date, epoch ms); null when missing. */
export function toTimestamp(value: unknown): number | null {
  if (typeof value === 'string' && API_DATE.test(value)) return parseApiDate(value)?.getTime() ?? null;
  return toInstant(value)?.getTime() ?? null;
}
