/**
 * How figures, days and instants read wherever a person sees them: the screens, the CSV and PDF
 * downloads, the statement mails (docs/screens.md, Every report screen). Numbers in Indian
 * grouping, instants in IST as en-IN 12-hour, days as DD-Mon-YYYY. Every formatter names the
 * time zone, so the text does not depend on the machine's. A module of its own (the package's
 * `display-format` entry) so that the export workers load it without the contracts' schemas.
 */

export const IST_TIME_ZONE = 'Asia/Kolkata';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

// signDisplay 'negative' keeps a rounded-away negative (-0.001) from showing as '-0.00'.
const amountFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});
const wholeFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, signDisplay: 'negative' });
const instantFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

/** An amount: '12,34,567.00', '-1,234.50'. */
export const formatPoints = (value: number): string => amountFormat.format(value);

/** A count or other whole number: '12,34,567'. */
export const formatWhole = (value: number): string => wholeFormat.format(value);

/** An instant in IST: '05/03/2025, 2:07:09 pm'. */
export const formatInstant = (instant: Date): string => instantFormat.format(instant);

/** A calendar day written 'YYYY-MM-DD' (anything after its first ten characters is ignored) as '05-Mar-2025'. */
export function formatDayText(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}
