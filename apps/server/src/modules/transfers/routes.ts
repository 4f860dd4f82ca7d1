import {
  flattenTransfer,
  sectionCounterpartyHeader,
  sectionTitle,
  TRANSFER_SECTIONS,
  TransferReportQuery,
  TransferReportResponse,
  transferColumns,
  WEEKLY_COUNTERPARTY_HEADER,
} from '@playrep/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { istDay, resolveRange } from '../../lib/dates.js';
import { type ExportTable, sendExport } from '../export/table-export.js';
import { type Channel, categorize, findTransfers } from './queries.js';

/** Point Transfer, Multiplayer Point Transfer and Weekly Details: the same six sections over different channels. */
const REPORTS: { call: string; channels: Channel[]; multiplayerTitles: boolean; file: string; counterpartyHeader?: string }[] = [
  { call: 'pointtransferreport', channels: ['single'], multiplayerTitles: false, file: 'point-transfer' },
  { call: 'multipointtransferreport', channels: ['multiplayer'], multiplayerTitles: true, file: 'multiplayer-point-transfer' },
  {
    call: 'weeklydetailsreport',
    channels: ['single', 'multiplayer'],
    multiplayerTitles: false,
    file: 'weekly-details',
    counterpartyHeader: WEEKLY_COUNTERPARTY_HEADER,
  },
];

export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const report of REPORTS) {
    app.get(
      `/${report.call}`,
      { config: { call: report.call }, schema: { querystring: TransferReportQuery, response: { 200: TransferReportResponse } } },
      async (request, reply) => {
        const { query } = request;
        const range = resolveRange(query, istDay(app.clock.now()));
        const rows = await findTransfers(app.db, {
          accountId: request.subject.id,
          range,
          channels: report.channels,
          counterpartyUsername: query.memberId || undefined,
        });
        const data = categorize(rows);
        if (query.format) {
          const sections = TRANSFER_SECTIONS.filter((s) => !query.section || s.key === query.section);
          const tables: ExportTable[] = sections.map((s) => ({
            title: sectionTitle(s.key, report.multiplayerTitles),
            columns: transferColumns(report.counterpartyHeader ?? sectionCounterpartyHeader(s.key)),
            rows: data[s.key].map(flattenTransfer),
          }));
          const name = `${report.file}-${request.subject.username}-${range.from}-to-${range.to}${query.section ? `-${query.section}` : ''}`;
          return sendExport(reply, query.format, name, tables);
        }
        return { success: true as const, range: { fromDate: range.from, toDate: range.to }, data };
      },
    );
  }
};
