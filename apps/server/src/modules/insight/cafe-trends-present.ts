import { type CafeTrendRow, type CafeTrendsResponse, trendWeekKey } from '@playrep/contracts';
import { centsToPoints } from '../../lib/money.js';
import type { CafeTrendCents, CafeTrendTotalsCents } from './cafe-trends.js';

/** A cafe of Cafe Trends in points; the change is the total against the period before. */
export function cafeTrendRow(cafe: CafeTrendCents): CafeTrendRow {
  return {
    cafeId: cafe.cafeId,
    cafe: cafe.cafe,
    masterId: cafe.masterId,
    master: cafe.master,
    profits: cafe.shownCents.map(centsToPoints),
    total: centsToPoints(cafe.totalCents),
    previous: centsToPoints(cafe.previousCents),
    change: centsToPoints(cafe.totalCents - cafe.previousCents),
  };
}

/** A row as the export's columns read it (cafeTrendsColumns): one `week{n}` field per week shown. */
export function cafeTrendExportRow(row: CafeTrendRow): Record<string, string | number> {
  const weeks = Object.fromEntries(row.profits.map((profit, i) => [trendWeekKey(i + 1), profit]));
  return { cafe: row.cafe, master: row.master, ...weeks, total: row.total, previous: row.previous, change: row.change };
}

export function cafeTrendTotals(totals: CafeTrendTotalsCents): CafeTrendsResponse['totals'] {
  return {
    profits: totals.shownCents.map(centsToPoints),
    total: centsToPoints(totals.totalCents),
    previous: centsToPoints(totals.previousCents),
    change: centsToPoints(totals.totalCents - totals.previousCents),
  };
}
