import { z } from 'zod';
import { type EndpointDef, oneSheet, report } from '../endpoint-def.js';
import { ROLES } from '../roles.js';
import { AGENT_DETAILS_COLUMNS } from '../screens/network.js';
import {
  AGENT_STATUS_COLUMNS,
  BALANCE_CHILD_COLUMNS,
  BALANCE_COLUMNS,
  DAILY_MEMBERS_COLUMNS,
  DAILY_STATUS_COLUMNS,
  NON_PERFORMING_COLUMNS,
} from '../tables/network.js';
import { exportLanguageParam, queryObject, RangeEcho, RangeQuery } from './common.js';
import { ListPageEcho, listPaging } from './list-paging.js';

/** An agent (or any account) as the network reports show it (docs/screens.md, Agent Details, Balance Report). */
export const AgentRow = z.object({
  _id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullname: z.string(),
  role: z.string(),
  address: z.string(),
  commission: z.number(),
  userStatus: z.boolean(),
  walletBalance: z.number(),
});
export type AgentRow = z.infer<typeof AgentRow>;

export const AgentListResponse = z.object({ data: z.array(AgentRow) });
export type AgentListResponse = z.infer<typeof AgentListResponse>;

/** Agent Details: every master of the subtree, or one page of them (listPaging). */
export const AgentDetailsQuery = RangeQuery.extend(listPaging(['username', 'address', 'commission']));
export type AgentDetailsQuery = z.infer<typeof AgentDetailsQuery>;
export const AgentDetailsResponse = AgentListResponse.extend(ListPageEcho.shape);
export type AgentDetailsResponse = z.infer<typeof AgentDetailsResponse>;

/**
 * Daily Status, its members popup and Agent Status: profits over the IST days [fromDate, toDate]
 * (the screens send one day as equal bounds: docs/screens.md, Daily Status). `date` is shorthand for
 * a one-day range and cannot be combined with the bounds.
 */
export const StatusQuery = RangeQuery.extend({
  date: z.string().optional(),
  agentId: z.string().trim().optional(),
});
export type StatusQuery = z.infer<typeof StatusQuery>;

/** Daily Status: every master's profit, or one page of them (listPaging); sorting by Profit reads every master. */
export const DailyStatusQuery = StatusQuery.extend(listPaging(['username', 'address', 'profit']));
export type DailyStatusQuery = z.infer<typeof DailyStatusQuery>;

/** Agent Status: as Daily Status, its columns. */
export const AgentStatusQuery = StatusQuery.extend(listPaging(['username', 'fullname', 'profit']));
export type AgentStatusQuery = z.infer<typeof AgentStatusQuery>;

/** Non Performing CCS: the inactive masters, or one page of them (listPaging). */
export const NonPerformingQuery = RangeQuery.extend(listPaging(['username', 'fullname']));
export type NonPerformingQuery = z.infer<typeof NonPerformingQuery>;

export const DailyStatusRow = z.object({
  _id: z.string(),
  username: z.string(),
  fullname: z.string(),
  address: z.string(),
  profit: z.number(),
  /** Some member of this agent played at another agent's cafe in the range (the profit popup lists them). */
  playedElsewhere: z.boolean(),
});
export type DailyStatusRow = z.infer<typeof DailyStatusRow>;

export const DailyStatusResponse = RangeEcho.extend({
  data: z.array(DailyStatusRow),
  /** Over every master, not only the page. */
  totalProfit: z.number(),
  ...ListPageEcho.shape,
});
export type DailyStatusResponse = z.infer<typeof DailyStatusResponse>;

export const MemberElsewhereRow = z.object({
  memberId: z.string(),
  username: z.string(),
  fullname: z.string(),
  cafe: z.string(),
  cafeAgent: z.string(),
  playPoints: z.number(),
  profit: z.number(),
});
export type MemberElsewhereRow = z.infer<typeof MemberElsewhereRow>;

export const DailyMembersResponse = RangeEcho.extend({ agent: z.string(), data: z.array(MemberElsewhereRow) });
export type DailyMembersResponse = z.infer<typeof DailyMembersResponse>;

export const AgentStatusRow = z.object({ _id: z.string(), username: z.string(), fullname: z.string(), profit: z.number() });
export const AgentStatusResponse = RangeEcho.extend({
  data: z.array(AgentStatusRow),
  /** A paged answer's Σ Profit over every row, not only the page. */
  totalProfit: z.number().optional(),
  ...ListPageEcho.shape,
});
export type AgentStatusResponse = z.infer<typeof AgentStatusResponse>;

export const NonPerformingResponse = z.object({
  totalAgents: z.number(),
  inactiveAgents: z.number(),
  data: z.array(AgentRow),
  ...ListPageEcho.shape,
});
export type NonPerformingResponse = z.infer<typeof NonPerformingResponse>;

export const BalanceQuery = queryObject({
  id: z.string().trim().optional(),
  agentId: z.string().trim().optional(),
  format: z.enum(['csv', 'xlsx']).optional(),
  lang: exportLanguageParam(),
});
export type BalanceQuery = z.infer<typeof BalanceQuery>;

export const BalanceResponse = z.object({
  /** The account whose children are listed (the breadcrumb's last step). */
  parent: z.object({ _id: z.string(), username: z.string(), fullname: z.string() }),
  /** From the subject down to `parent`, for the breadcrumb back up. */
  path: z.array(z.object({ _id: z.string(), username: z.string() })),
  data: z.array(AgentRow),
});
export type BalanceResponse = z.infer<typeof BalanceResponse>;

export const AccountSearchQuery = queryObject({
  id: z.string().trim().optional(),
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Only accounts of these roles, comma-separated (the subject roles of the picker's report); absent: every role. */
  roles: z
    .string()
    .optional()
    .transform((text) => (text?.trim() ? text.split(',').map((role) => role.trim()) : undefined))
    .pipe(z.array(z.enum(ROLES)).optional()),
  /**
   * `1`: the answer also lists the players that match in `members`, whatever `roles` says (the
   * picker offers them to open their member page).
   */
  members: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
});
const AccountMatch = z.object({ _id: z.string(), username: z.string(), fullname: z.string(), role: z.string() });
export const AccountSearchResponse = z.object({
  data: z.array(AccountMatch),
  /** With `members=1`: the players of the subtree that match, up to `limit`; otherwise empty. */
  members: z.array(AccountMatch),
});
export type AccountSearchResponse = z.infer<typeof AccountSearchResponse>;

/** Entries of the endpoint table (endpoints.ts): the network reports. */
export const NETWORK_ENDPOINTS = {
  agentDetails: {
    ...report('agentDetails', 'The masters in the subject’s subtree'),
    query: AgentDetailsQuery,
    response: AgentDetailsResponse,
    exports: oneSheet('agent-details', 'agents', 'Agent Details', AGENT_DETAILS_COLUMNS),
  },
  dailyStatus: {
    ...report('dailyStatus', 'Each master’s profit over the days'),
    query: DailyStatusQuery,
    response: DailyStatusResponse,
    exports: oneSheet('daily-status', 'agents', 'Daily Status', DAILY_STATUS_COLUMNS),
  },
  dailyStatusMembers: {
    ...report('dailyStatusMembers', 'Members of one agent who played in other agents’ cafes'),
    query: StatusQuery,
    response: DailyMembersResponse,
    exports: oneSheet('members-elsewhere', 'members', 'Members played in other agents cafes', DAILY_MEMBERS_COLUMNS),
  },
  agentStatus: {
    ...report('agentStatus', 'Profit over the days of one agent or of every master'),
    query: AgentStatusQuery,
    response: AgentStatusResponse,
    exports: oneSheet('agent-status', 'agents', 'Agent Status', AGENT_STATUS_COLUMNS),
  },
  nonPerforming: {
    ...report('nonPerforming', 'The masters in scope and the inactive ones'),
    query: NonPerformingQuery,
    response: NonPerformingResponse,
    exports: oneSheet('non-performing', 'agents', 'Non Performing CCS', NON_PERFORMING_COLUMNS),
  },
  balanceReport: {
    ...report('balanceReport', 'Wallet balances of the subject’s children, or of one account'),
    query: BalanceQuery,
    response: BalanceResponse,
    exports: oneSheet('balance', 'accounts', 'Balance Report', BALANCE_COLUMNS),
  },
  balanceChildren: {
    ...report('balanceChildren', 'Wallet balances of the children of one account in scope'),
    query: BalanceQuery,
    response: BalanceResponse,
    exports: {
      file: 'balance-children',
      sheets: { accounts: { title: (account: string) => `Children of ${account}`, columns: BALANCE_CHILD_COLUMNS } },
    },
  },
  accountSearch: {
    ...report('accountSearch', 'Accounts of the subject’s subtree by name, for the subject picker'),
    query: AccountSearchQuery,
    response: AccountSearchResponse,
  },
} as const satisfies Record<string, EndpointDef>;
