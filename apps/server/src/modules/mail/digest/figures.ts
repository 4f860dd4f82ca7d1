import type { Queryable } from '../../../db/client.js';
import { addDays, type IsoDay } from '../../../lib/dates.js';
import { sumCents } from '../../../lib/money.js';
import {
  type BigWinCents,
  bigWinsToday,
  bigWinThreshold,
  type DayFiguresCents,
  type FirstRows,
  type IdleMasterRecord,
  idleMasters,
  type LosingCafeCents,
  lastWeekWholeDayFigures,
  losingCafesToday,
  openLoans,
  todayFigures,
  waitingTransfers,
} from '../../insight/today.js';
import type { SubtreeOwner } from '../../play-sums/index.js';

/** The rows a digest lists of each kind: a mail read on a phone, the rest one click away. */
const DIGEST_LIST_LIMIT = 5;

/**
 * The daily digest's figures (docs/domain.md, "The owner's week"), in hundredths: `day` (yesterday)
 * as Today shows a whole day, with Today's own functions: its figures against the same day last week,
 * the biggest wins at or above the person's threshold, the cafes losing most, the masters with no
 * play; and, as they stand when the digest is made, the transfers waiting and the open loans.
 */
export interface DigestFiguresCents {
  day: IsoDay;
  lastWeekDay: IsoDay;
  figures: { day: DayFiguresCents; lastWeek: DayFiguresCents };
  thresholdCents: bigint;
  bigWins: BigWinCents[];
  losingCafes: LosingCafeCents[];
  /** The first masters with no play, by username, and how many there are. */
  idleMasters: FirstRows<IdleMasterRecord>;
  waitingTransfers: { count: number; amountCents: bigint };
  openLoans: { count: number; outstandingCents: bigint };
}

/** `owner`'s digest of `day`, with the transfers waiting and the open loans as they stand when it is made. */
export async function digestFigures(db: Queryable, owner: SubtreeOwner, day: IsoDay): Promise<DigestFiguresCents> {
  const thresholdCents = await bigWinThreshold(db, owner.id);
  // One query after another: a digest is often made inside a transaction, whose one connection
  // must not be handed a second query while the first runs.
  const figuresDay = await todayFigures(db, owner, day);
  const figuresLastWeek = await lastWeekWholeDayFigures(db, owner, day);
  const wins = await bigWinsToday(db, { owner, today: day, thresholdCents, limit: DIGEST_LIST_LIMIT });
  const cafes = await losingCafesToday(db, { owner, today: day, limit: DIGEST_LIST_LIMIT });
  const idle = await idleMasters(db, { owner, today: day, limit: DIGEST_LIST_LIMIT });
  const transfers = await waitingTransfers(db, owner.id);
  const loans = await openLoans(db, { owner, limit: 0 });
  return {
    day,
    lastWeekDay: addDays(day, -7),
    figures: { day: figuresDay, lastWeek: figuresLastWeek },
    thresholdCents,
    bigWins: wins,
    losingCafes: cafes,
    idleMasters: idle,
    waitingTransfers: { count: transfers.length, amountCents: sumCents(transfers, (t) => t.amountCents) },
    openLoans: { count: loans.count, outstandingCents: loans.outstandingCents },
  };
}
