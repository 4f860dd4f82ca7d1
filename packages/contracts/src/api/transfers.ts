import { z } from 'zod';
import { type EndpointDef, report, transferExports } from '../endpoint-def.js';
import { TRANSFER_SECTION_KEYS, type TransferSectionKey, WEEKLY_COUNTERPARTY_HEADER } from '../tables/transfers.js';
import { AccountRef, RangeEcho, RangeQuery } from './common.js';

/** The other side of a transfer, with its role ('house' for the house): a player's username links to its member page. */
export const Counterparty = AccountRef.extend({ role: z.string() });
export type Counterparty = z.infer<typeof Counterparty>;

export const TransferRow = z.object({
  _id: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  status: z.enum(['pending', 'accepted', 'rejected', 'cancelled']),
  channel: z.enum(['single', 'multiplayer']),
  /** 'G' when the counterparty is the house, else 'P'. */
  type: z.enum(['G', 'P']),
  direction: z.enum(['sent', 'received']),
  /** The counterparty when the subject sent the transfer. */
  toUserId: Counterparty.optional(),
  /** The counterparty when the subject received it. */
  userId: Counterparty.optional(),
});
export type TransferRow = z.infer<typeof TransferRow>;

export const TransferReportQuery = RangeQuery.extend({
  /** Counterparty username filter ("Member ID"). */
  memberId: z.string().trim().max(100).optional(),
  /** Export one section only; default all. */
  section: z.enum(TRANSFER_SECTION_KEYS).optional(),
});
export type TransferReportQuery = z.infer<typeof TransferReportQuery>;

export const TransferReportResponse = z.object({
  success: z.literal(true),
  range: RangeEcho,
  data: z.object(
    Object.fromEntries(TRANSFER_SECTION_KEYS.map((k) => [k, z.array(TransferRow)])) as Record<
      TransferSectionKey,
      z.ZodArray<typeof TransferRow>
    >,
  ),
});
export type TransferReportResponse = z.infer<typeof TransferReportResponse>;

/** Entries of the endpoint table (endpoints.ts): the transfer reports. */
export const TRANSFER_ENDPOINTS = {
  pointTransfer: {
    ...report('pointTransfer', 'Single-channel transfers of the subject, in six sections'),
    query: TransferReportQuery,
    response: TransferReportResponse,
    exports: transferExports('point-transfer'),
  },
  multiPointTransfer: {
    ...report('multiPointTransfer', 'Multiplayer-channel transfers of the subject, in six sections'),
    query: TransferReportQuery,
    response: TransferReportResponse,
    exports: transferExports('multiplayer-point-transfer', { multiplayerTitles: true }),
  },
  weeklyDetails: {
    ...report('weeklyDetails', 'Transfers of both channels of the subject, in six sections'),
    query: TransferReportQuery,
    response: TransferReportResponse,
    exports: transferExports('weekly-details', { counterpartyHeader: WEEKLY_COUNTERPARTY_HEADER }),
  },
} as const satisfies Record<string, EndpointDef>;
