import { z } from 'zod';
import { type EndpointDef, oneSheet, report } from '../endpoint-def.js';
import { EXPORT_FORMATS } from '../tables/columns.js';
import {
  MEMBER_LIST_PAGE_SIZES,
  MEMBER_PLAY_COLUMNS,
  MEMBER_PLAY_SORTS,
  MEMBER_TRANSFER_COLUMNS,
  MEMBER_TRANSFER_SORTS,
  MEMBER_WEEK_COLUMNS,
} from '../tables/members.js';
import { exportLanguageParam, queryObject } from './common.js';

// ---------------------------------------------------------------- the member page (docs/domain.md, "Insight")

/**
 * `username` names the member (a player in the subject's subtree; the subject is the caller unless
 * `id` names another account of its subtree, as on Revenue Recovery).
 */
export const MemberQuery = queryObject({
  id: z.string().trim().optional(),
  username: z.string().trim().optional(),
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type MemberQuery = z.infer<typeof MemberQuery>;

export const MemberWeekRow = z.object({
  /** Monday. */
  fromDate: z.string(),
  /** Sunday. */
  toDate: z.string(),
  /** Not closed yet: live, as Agent Mail shows it. */
  open: z.boolean(),
  /** The house's profit from the member's plays of each draw game (Σ play − Σ win). */
  funtarget: z.number(),
  funroullet: z.number(),
  triplefun: z.number(),
  funab: z.number(),
  /** Σ of the four: the member's row in its master's Agent Mail statement of the week. */
  profit: z.number(),
  /** Σ rake of the member's poker hands. */
  poker: z.number(),
});
export type MemberWeekRow = z.infer<typeof MemberWeekRow>;

export const MemberResponse = z.object({
  member: z.object({
    _id: z.string(),
    username: z.string(),
    name: z.string(),
    /** Registration day (IST). */
    registered: z.string(),
    /** False: inactive on the platform. */
    active: z.boolean(),
    /** Wallet balance, points. */
    balance: z.number(),
    /** Its parent: the master (agent) it belongs to. */
    master: z.object({ _id: z.string(), username: z.string(), name: z.string() }).nullable(),
    /** Where most of its plays of the weeks shown were made; null without a play. */
    cafe: z.object({ name: z.string(), master: z.string() }).nullable(),
  }),
  /** The last MEMBER_WEEK_COUNT settlement weeks, newest first, the current (open) week included. */
  weeks: z.array(MemberWeekRow),
});
export type MemberResponse = z.infer<typeof MemberResponse>;

const listPaging = <S extends readonly [string, ...string[]]>(sorts: S) => ({
  page: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be 1 or more').max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .refine(
      (n) => (MEMBER_LIST_PAGE_SIZES as readonly number[]).includes(n),
      `must be one of ${MEMBER_LIST_PAGE_SIZES.join(', ')}`,
    )
    .default(MEMBER_LIST_PAGE_SIZES[0]),
  sort: z.enum(sorts, { error: `must be one of ${sorts.join(', ')}` }).default(sorts[0]),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
});

/** The member's plays over [fromDate, toDate] (default the last 7 days), one page, newest first by default. */
export const MemberPlaysQuery = queryObject({
  id: z.string().trim().optional(),
  username: z.string().trim().optional(),
  fromDate: z.string().optional(),
  toDate: z.string().optional(),
  ...listPaging(MEMBER_PLAY_SORTS),
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type MemberPlaysQuery = z.infer<typeof MemberPlaysQuery>;

export const MemberPlayRow = z.object({
  _id: z.string(),
  /** ISO instant. */
  playedAt: z.string(),
  game: z.string(),
  /** The draw's time (ISO instant), null when the play has none. */
  drawAt: z.string().nullable(),
  cafe: z.string(),
  stake: z.number(),
  win: z.number(),
  /** stake − win: the house's profit from the play. */
  profit: z.number(),
});
export type MemberPlayRow = z.infer<typeof MemberPlayRow>;

export const MemberPlaysResponse = z.object({
  range: z.object({ fromDate: z.string(), toDate: z.string() }),
  data: z.array(MemberPlayRow),
  /** Plays in the range, all pages. */
  total: z.number(),
  /** Over every play of the range, not the page. */
  totals: z.object({ stake: z.number(), win: z.number(), profit: z.number() }),
  page: z.number(),
  pageSize: z.number(),
});
export type MemberPlaysResponse = z.infer<typeof MemberPlaysResponse>;

/** The member's transfers made over [fromDate, toDate] (default the last 7 days), one page, newest first by default. */
export const MemberTransfersQuery = queryObject({
  id: z.string().trim().optional(),
  username: z.string().trim().optional(),
  fromDate: z.string().optional(),
  toDate: z.string().optional(),
  ...listPaging(MEMBER_TRANSFER_SORTS),
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type MemberTransfersQuery = z.infer<typeof MemberTransfersQuery>;

export const MemberTransferRow = z.object({
  _id: z.string(),
  /** ISO instant. */
  createdAt: z.string(),
  from: z.string(),
  to: z.string(),
  /** G: with the house; P: with its master. */
  type: z.string(),
  channel: z.string(),
  status: z.string(),
  amount: z.number(),
  /** ISO instant; null while pending. */
  resolvedAt: z.string().nullable(),
});
export type MemberTransferRow = z.infer<typeof MemberTransferRow>;

export const MemberTransfersResponse = z.object({
  range: z.object({ fromDate: z.string(), toDate: z.string() }),
  data: z.array(MemberTransferRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type MemberTransfersResponse = z.infer<typeof MemberTransfersResponse>;

/** Entries of the endpoint table (endpoints.ts): the member page (docs/domain.md, "Insight"). */
export const MEMBER_ENDPOINTS = {
  member: {
    ...report('member', 'One member of the subject’s subtree: its master, cafe, balance and profit per week by game'),
    query: MemberQuery,
    response: MemberResponse,
    exports: oneSheet('member-weeks', 'weeks', 'Profit by week', MEMBER_WEEK_COLUMNS),
  },
  memberPlays: {
    ...report('memberPlays', 'One page of a member’s plays over a range'),
    query: MemberPlaysQuery,
    response: MemberPlaysResponse,
    exports: oneSheet('member-plays', 'plays', 'Plays', MEMBER_PLAY_COLUMNS),
  },
  memberTransfers: {
    ...report('memberTransfers', 'One page of a member’s transfers over a range, both channels'),
    query: MemberTransfersQuery,
    response: MemberTransfersResponse,
    exports: oneSheet('member-transfers', 'transfers', 'Transfers', MEMBER_TRANSFER_COLUMNS),
  },
} as const satisfies Record<string, EndpointDef>;
