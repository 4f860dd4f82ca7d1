import { fullName, type WeekGlanceResponse, type WeekGlanceRow, weekGlanceDayKey } from '@playrep/contracts';
import { definite } from '../../lib/definite.js';
import { centsToPoints, sumCents } from '../../lib/money.js';
import type { ChildDaysCents } from './week-glance.js';

/** One child of Week at a Glance in hundredths: its seven days and their total. */
export interface ChildWeekCents {
  child: ChildDaysCents;
  name: string;
  totalCents: bigint;
}

export function childWeekOf(child: ChildDaysCents): ChildWeekCents {
  return { child, name: fullName(child.firstName, child.lastName), totalCents: sumCents(child.profitCents, (c) => c) };
}

const compareCents = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
// One collator for every comparison (localeCompare with options builds one per call).
const compareText = new Intl.Collator('en', { sensitivity: 'base' }).compare;

/** The children in the order asked: `day{n}` (1 Monday .. 7 Sunday), username, name or total; ties by username. */
export function sortChildWeeks(weeks: readonly ChildWeekCents[], sort: string, order: 'asc' | 'desc'): ChildWeekCents[] {
  const day = /^day([1-7])$/.exec(sort);
  const key = (w: ChildWeekCents): bigint | string => {
    if (day) return w.child.profitCents[Number(day[1]) - 1] ?? 0n;
    if (sort === 'username') return w.child.username;
    if (sort === 'name') return w.name;
    return w.totalCents;
  };
  const sign = order === 'asc' ? 1 : -1;
  return [...weeks].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const byKey = typeof ka === 'bigint' && typeof kb === 'bigint' ? compareCents(ka, kb) : compareText(String(ka), String(kb));
    return sign * byKey || compareText(a.child.username, b.child.username);
  });
}

export function weekGlanceRow(w: ChildWeekCents): WeekGlanceRow {
  return {
    _id: w.child.id,
    username: w.child.username,
    name: w.name,
    role: w.child.role,
    profits: w.child.profitCents.map(centsToPoints),
    total: centsToPoints(w.totalCents),
  };
}

/** A row as the export's columns read it (weekGlanceColumns): one `day{n}` field per day. */
export function weekGlanceExportRow(row: WeekGlanceRow): Record<string, string | number> {
  const days = Object.fromEntries(row.profits.map((profit, i) => [weekGlanceDayKey(i + 1), profit]));
  return { username: row.username, name: row.name, ...days, total: row.total };
}

/** The totals per day and of the week, over every child (not only the page). */
export function weekGlanceTotals(weeks: readonly ChildWeekCents[]): WeekGlanceResponse['totals'] {
  return {
    profits: Array.from({ length: 7 }, (_, i) =>
      centsToPoints(sumCents(weeks, (w) => definite(w.child.profitCents[i], 'a day of the week'))),
    ),
    total: centsToPoints(sumCents(weeks, (w) => w.totalCents)),
  };
}
