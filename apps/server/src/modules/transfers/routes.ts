import { flattenTransfer, TRANSFER_SECTION_KEYS } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { istDay, resolveRange } from '../../lib/dates.js';
import type { EndpointHandler, EndpointHandlers } from '../../plugins/endpoints.js';
import { categorize } from './present.js';
import { type Channel, findTransfers } from './queries.js';

type TransferCall = 'pointTransfer' | 'multiPointTransfer' | 'weeklyDetails';

/** Point Transfer, Multiplayer Point Transfer and Weekly Details: the same six sections over different channels. */
const CHANNELS: Record<TransferCall, Channel[]> = {
  pointTransfer: ['single'],
  multiPointTransfer: ['multiplayer'],
  weeklyDetails: ['single', 'multiplayer'],
};

export function transferHandlers(app: FastifyInstance): EndpointHandlers<TransferCall> {
  const handler =
    (call: TransferCall): EndpointHandler<TransferCall> =>
    async (request) => {
      const { query } = request;
      const range = resolveRange(query, istDay(app.clock.now()));
      // Member ID: checked by the scope guard (an account the caller may see, or the house).
      const memberId = query.memberId || undefined;
      const transfers = await findTransfers(app.db, {
        accountId: request.subject.id,
        range,
        channels: CHANNELS[call],
        counterpartyUsername: memberId,
      });
      const data = categorize(transfers);
      // A download holds every section, or the one `section` names.
      const sections = TRANSFER_SECTION_KEYS.filter((key) => !query.section || key === query.section);
      return {
        json: () => ({ success: true as const, range: { fromDate: range.from, toDate: range.to }, data }),
        download: () => ({
          about: [request.subject.username, range.from, 'to', range.to, ...(query.section ? [query.section] : [])],
          sheets: Object.fromEntries(sections.map((key) => [key, data[key].map(flattenTransfer)])),
        }),
      };
    };
  return {
    pointTransfer: handler('pointTransfer'),
    multiPointTransfer: handler('multiPointTransfer'),
    weeklyDetails: handler('weeklyDetails'),
  };
}
