import { TODAY_LIST_LIMIT } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { addDays, istDay } from '../../lib/dates.js';
import type { EndpointHandlers } from '../../plugins/endpoints.js';
import {
  accountRefOf,
  bigWinRow,
  dayFigures,
  idleMasterRow,
  losingCafeRow,
  openLoanRow,
  pointsOf,
  waitingTransferRow,
} from './present.js';
import {
  bigWinsToday,
  bigWinThreshold,
  idleMasters,
  lastWeekFigures,
  losingCafesToday,
  openLoans,
  todayFigures,
  waitingTransfers,
} from './today.js';
import { setBigWinThreshold } from './today-commands.js';

/**
 * Today (docs/domain.md, "Insight"): the subject's day so far against the same weekday last week,
 * the big wins at or above the caller's own threshold, the cafes losing most, the transfers
 * waiting for the subject, open loans and the masters with no play today.
 */
export function todayHandlers(app: FastifyInstance): EndpointHandlers<'today' | 'todayThreshold'> {
  // The threshold is the caller's own setting: a write, on the primary.
  const primary = app.database.db;
  return {
    today: async (request) => {
      const { subject } = request;
      const now = app.clock.now();
      const today = istDay(now);
      const thresholdCents = await bigWinThreshold(primary, request.auth.accountId);
      const [figuresToday, figuresLastWeek, wins, cafes, transfers, loans, idle] = await Promise.all([
        todayFigures(app.db, subject, today),
        lastWeekFigures(app.db, subject, now),
        bigWinsToday(app.db, { owner: subject, today, thresholdCents, limit: TODAY_LIST_LIMIT }),
        losingCafesToday(app.db, { owner: subject, today, limit: TODAY_LIST_LIMIT }),
        waitingTransfers(app.db, subject.id),
        openLoans(app.db, { owner: subject, limit: TODAY_LIST_LIMIT }),
        idleMasters(app.db, { owner: subject, today, limit: TODAY_LIST_LIMIT }),
      ]);
      const body = {
        account: accountRefOf(subject),
        today,
        lastWeekDay: addDays(today, -7),
        asOf: now.toISOString(),
        figures: { today: dayFigures(figuresToday), lastWeek: dayFigures(figuresLastWeek) },
        threshold: pointsOf(thresholdCents),
        bigWins: wins.map(bigWinRow),
        losingCafes: cafes.map(losingCafeRow),
        waitingTransfers: transfers.map(waitingTransferRow),
        openLoans: loans.rows.map(openLoanRow),
        openLoanTotals: {
          count: loans.count,
          totalLoan: pointsOf(loans.totalLoanCents),
          outstanding: pointsOf(loans.outstandingCents),
        },
        idleMasters: idle.rows.map(idleMasterRow),
        idleMasterCount: idle.count,
      };
      return {
        json: () => body,
        download: () => ({
          about: [subject.username, today],
          sheets: {
            bigWins: body.bigWins,
            losingCafes: body.losingCafes,
            waitingTransfers: body.waitingTransfers,
            openLoans: body.openLoans,
            idleMasters: body.idleMasters,
          },
        }),
      };
    },

    todayThreshold: async (request) => {
      const cents = BigInt(Math.round(request.query.threshold * 100));
      await setBigWinThreshold(primary, request.auth.accountId, cents);
      const threshold = pointsOf(cents);
      return {
        threshold,
        message: `Big wins from ${threshold.toLocaleString('en-IN', { minimumFractionDigits: 2 })} points are listed.`,
      };
    },
  };
}
