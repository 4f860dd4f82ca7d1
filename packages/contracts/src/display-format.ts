import { HINDI_MONTHS, type Language } from './languages.js';
/**
 * How figures, days and instants read wherever a person sees them: the screens, the CSV and PDF
 * downloads, the statement mails (docs/screens.md, Every report screen). Numbers in Indian
 * grouping, instants in IST as en-IN 12-hour, days as DD-Mon-YYYY. A module of its own (the
 * package's `display-format` entry) so that the export workers load it without the contracts' schemas.
 *
 * Written out here rather than through Intl: a page's first Intl formatter loads the browser's
 * locale data, 100 to 400 ms of a phone's main thread before its first report can show. The
 * numbers are those of `Intl.NumberFormat('en-IN')` (display-format.test.ts checks them against
 * it); India keeps one offset all year (UTC+05:30, no daylight saving), so an IST instant is plain
 * arithmetic on UTC.
 */

/** Minutes IST is ahead of UTC, all year. */
export const IST_OFFSET_MINUTES = 330;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** An integer's digits in Indian grouping: the last three, then pairs: '1234567' -> '12,34,567'. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.length % 2 === 1 ? [head.slice(0, 1)] : [];
  for (let i = head.length % 2; i < head.length; i += 2) pairs.push(head.slice(i, i + 2));
  return `${pairs.join(',')},${digits.slice(-3)}`;
}

const intlFormats = new Map<number, Intl.NumberFormat>();
const intlFormat = (decimals: number): Intl.NumberFormat => {
  let format = intlFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: 'negative',
    });
    intlFormats.set(decimals, format);
  }
  return format;
};

/**
 * `value` with `decimals` fraction digits in Indian grouping, as Intl.NumberFormat('en-IN') writes
 * it with signDisplay 'negative': rounded half away from zero from the shortest decimal that reads
 * back as the same number (1.005 -> 1.01), a minus only when the rounded figure is not zero.
 */
function formatDecimal(value: number, decimals: number): string {
  // Never a figure of this product (points are far below 1e21), but written as Intl would.
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return intlFormat(decimals).format(value);
  const text = String(Math.abs(value));
  // Below 1e-6 JavaScript writes an exponent: far below the last digit shown, so zero.
  const [whole = '0', fraction = ''] = text.includes('e') ? ['0', ''] : text.split('.');
  let units = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if ((fraction[decimals] ?? '0') >= '5') units += 1n;
  const digits = units.toString().padStart(decimals + 1, '0');
  const integer = groupIndian(digits.slice(0, digits.length - decimals));
  const shown = decimals > 0 ? `${integer}.${digits.slice(-decimals)}` : integer;
  return value < 0 && units !== 0n ? `-${shown}` : shown;
}

/** An amount: '12,34,567.00', '-1,234.50'. */
export const formatPoints = (value: number): string => formatDecimal(value, 2);

/** A count or other whole number: '12,34,567'. */
export const formatWhole = (value: number): string => formatDecimal(value, 0);

/**
 * A count with its noun, singular for one: '1 entry', '12 entries', '1,234 accounts'. The plural
 * is the noun with an s unless given.
 */
export function formatCount(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatWhole(count)} ${count === 1 ? noun : plural}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The instant's wall clock in IST, read through the UTC getters of the shifted Date. */
export const istClock = (instant: Date): Date => new Date(instant.getTime() + IST_OFFSET_MINUTES * 60_000);

/** The time of day in IST, 12-hour: '2:07 pm', or '2:07:09 pm' with the seconds. */
export function formatIstTime(instant: Date, withSeconds: boolean): string {
  const clock = istClock(instant);
  const hours = clock.getUTCHours();
  const seconds = withSeconds ? `:${two(clock.getUTCSeconds())}` : '';
  return `${hours % 12 || 12}:${two(clock.getUTCMinutes())}${seconds} ${hours < 12 ? 'am' : 'pm'}`;
}

/** An instant in IST: '05/03/2025, 2:07:09 pm'. */
export function formatInstant(instant: Date): string {
  const clock = istClock(instant);
  return `${two(clock.getUTCDate())}/${two(clock.getUTCMonth() + 1)}/${clock.getUTCFullYear()}, ${formatIstTime(instant, true)}`;
}

/** A calendar day written 'YYYY-MM-DD' (anything after its first ten characters is ignored) as '05-Mar-2025'. */
export function formatDayText(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}

/** A day ('YYYY-MM-DD') as `language` writes it: 05-Mar-2025, 05-मार्च-2025 (docs/glossary-hi.md, Months). */
export function formatDayIn(language: Language, day: string): string {
  if (language === 'en') return formatDayText(day);
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}-${HINDI_MONTHS[Number(m) - 1]}-${y}`;
}
