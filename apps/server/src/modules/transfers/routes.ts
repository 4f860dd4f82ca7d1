import { ENDPOINTS, flattenTransfer, sectionTitle, TRANSFER_SECTIONS } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { istDay, resolveRange } from '../../lib/dates.js';
import { notFound } from '../../lib/http-error.js';
import type { EndpointHandler, EndpointHandlers } from '../../plugins/endpoints.js';
import { type ExportTable, sendExport } from '../export/table-export.js';
import { categorize } from './present.js';
import { accountNamed, type Channel, findTransfers } from './queries.js';

type TransferCall = 'pointtransferreport' | 'multipointtransferreport' | 'weeklydetailsreport';

/** Point Transfer, Multiplayer Point Transfer and Weekly Details: the same six sections over different channels. */
const REPORTS: Record<TransferCall, { channels: Channel[]; multiplayerTitles: boolean; file: string }> = {
  pointtransferreport: { channels: ['single'], multiplayerTitles: false, file: 'point-transfer' },
  multipointtransferreport: { channels: ['multiplayer'], multiplayerTitles: true, file: 'multiplayer-point-transfer' },
  weeklydetailsreport: { channels: ['single', 'multiplayer'], multiplayerTitles: false, file: 'weekly-details' },
};

export function transferHandlers(app: FastifyInstance): EndpointHandlers<TransferCall> {
  const handler =
    (call: TransferCall): EndpointHandler<TransferCall> =>
    async (request, reply) => {
      const report = REPORTS[call];
      const { query } = request;
      const range = resolveRange(query, istDay(app.clock.now()));
      const memberId = query.memberId || undefined;
      // An unknown Member ID says so, like every account box, rather than showing empty sections.
      if (memberId !== undefined && !(await accountNamed(app.db, memberId))) throw notFound('No such account');
      const transfers = await findTransfers(app.db, {
        accountId: request.subject.id,
        range,
        channels: report.channels,
        counterpartyUsername: memberId,
      });
      const data = categorize(transfers);
      if (query.format) {
        const sheets = ENDPOINTS[call].exports;
        const sections = TRANSFER_SECTIONS.filter((s) => !query.section || s.key === query.section);
        const tables: ExportTable[] = sections.map((s) => ({
          title: sectionTitle(s.key, report.multiplayerTitles),
          columns: sheets[s.key],
          rows: data[s.key].map(flattenTransfer),
        }));
        const name = `${report.file}-${request.subject.username}-${range.from}-to-${range.to}${query.section ? `-${query.section}` : ''}`;
        return sendExport(reply, query.format, name, tables);
      }
      return { success: true as const, range: { fromDate: range.from, toDate: range.to }, data };
    };
  return {
    pointtransferreport: handler('pointtransferreport'),
    multipointtransferreport: handler('multipointtransferreport'),
    weeklydetailsreport: handler('weeklydetailsreport'),
  };
}
