import type { z } from 'zod';
import {
  LoginBody,
  LoginResponse,
  LogoutResponse,
  SessionResponse,
  SignupBody,
  SignupResponse,
  UserAuthParams,
  UserAuthResponse,
} from './api/auth.js';
import { ErrorBody, RangeQuery } from './api/common.js';
import { DrawDetailsQuery, DrawDetailsResponse } from './api/draws.js';
import { FeedBatchBody, FeedBatchResponse, FeedRefusal, FeedStatusResponse } from './api/feed.js';
import { HealthResponse, HealthUnavailable } from './api/health.js';
import {
  LoansQuery,
  LoansResponse,
  MailQuery,
  MailResponse,
  ManagerMailQuery,
  ManagerMailResponse,
  RecoveryQuery,
  RecoveryResponse,
  RevenueQuery,
  RevenueResponse,
  RevenueWeekQuery,
  RevenueWeekResponse,
} from './api/money.js';
import {
  AccountSearchQuery,
  AccountSearchResponse,
  AgentListResponse,
  AgentStatusResponse,
  BalanceQuery,
  BalanceResponse,
  DailyMembersResponse,
  DailyStatusResponse,
  NonPerformingResponse,
  StatusQuery,
} from './api/network.js';
import { TransferReportQuery, TransferReportResponse } from './api/transfers.js';
import { AUTH_CALLS, reportPath } from './call-paths.js';
import { API_ROLES, API_SUBJECT_ROLES } from './permissions.js';
import { ROLES as ALL_ROLES, type Role } from './roles.js';
import type { ColumnDef } from './tables/columns.js';
import { DRAW_COLUMNS } from './tables/draws.js';
import {
  LOAN_COLUMNS,
  MAIL_COLUMNS,
  MAIL_POINTS_BY_TYPE_COLUMNS,
  MANAGER_MAIL_COLUMNS,
  RECOVERY_COLUMNS,
  REVENUE_COLUMNS,
  WEEK_MEMBER_COLUMNS,
} from './tables/money.js';
import {
  AGENT_DETAILS_COLUMNS,
  AGENT_STATUS_COLUMNS,
  BALANCE_CHILD_COLUMNS,
  BALANCE_COLUMNS,
  DAILY_MEMBERS_COLUMNS,
  DAILY_STATUS_COLUMNS,
  NON_PERFORMING_COLUMNS,
} from './tables/network.js';
import {
  sectionCounterpartyHeader,
  TRANSFER_SECTION_KEYS,
  type TransferSectionKey,
  transferColumns,
  WEEKLY_COUNTERPARTY_HEADER,
} from './tables/transfers.js';

/**
 * The one table of every call of /api: method, path, schemas, export columns and who may make it.
 * The server registers its routes from it, the web client derives its calls from it, and the
 * OpenAPI document and the authorization matrix read it. A call is added here first.
 *
 * Access:
 * - `public`: no session needed (sign-in, health);
 * - `session`: any signed-in account (its own session, an account in its subtree, signup);
 * - `report`: a /api/playrep report: a session, the role gate of the permission table (the screens
 *   that make the call) and the scope rule for every account parameter, before the handler runs;
 * - `feed`: a /api/feed call of the game platform: a feed key as Bearer token. A feed key opens
 *   nothing else, and a session opens nothing there (401 both ways).
 */
export type EndpointAccess = 'public' | 'session' | 'report' | 'feed';
export type HttpMethod = 'GET' | 'POST';

export interface EndpointDef {
  method: HttpMethod;
  /** Below /api, e.g. '/playrep/revenuereport'. */
  path: string;
  access: EndpointAccess;
  /** One line for the OpenAPI document. */
  summary: string;
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** The success answer. */
  response: z.ZodType;
  /** Status of the success answer (default 200). */
  status?: 200 | 201;
  /** Other answers with a body of their own shape (every error is at least `{ message }`). */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
  /**
   * The tables of the call's CSV/XLSX export (`format=csv|xlsx`), by sheet: the same column lists
   * the screen's tables show, so a label never differs between the two.
   */
  exports?: Readonly<Record<string, readonly ColumnDef[]>>;
  /** A GET that changes state (the spec's GET logout): the Origin check applies as to a POST. */
  changesState?: boolean;
}

/** The six sections of a transfer report as export sheets, with the counterparty header each one shows. */
function transferExports(counterpartyHeader?: string): Record<TransferSectionKey, readonly ColumnDef[]> {
  const sheets: Partial<Record<TransferSectionKey, readonly ColumnDef[]>> = {};
  for (const key of TRANSFER_SECTION_KEYS) sheets[key] = transferColumns(counterpartyHeader ?? sectionCounterpartyHeader(key));
  return sheets as Record<TransferSectionKey, readonly ColumnDef[]>;
}

const report = <N extends string>(name: N, summary: string) =>
  ({ method: 'GET', path: reportPath(name), access: 'report', summary }) as const;

const DEFS = {
  // ---------------------------------------------------------------- public and session calls
  health: {
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'The server and its database answer',
    response: HealthResponse,
    otherResponses: { 503: HealthUnavailable },
  },
  login: {
    ...AUTH_CALLS.login,
    access: 'public',
    summary: 'Sign in: sets the session cookie and returns the token once',
    body: LoginBody,
    response: LoginResponse,
  },
  session: {
    ...AUTH_CALLS.session,
    access: 'public',
    summary: 'The current session (401 when it has ended)',
    response: SessionResponse,
  },
  logout: {
    ...AUTH_CALLS.logout,
    access: 'public',
    summary: 'Sign out: revokes the session on the server',
    response: LogoutResponse,
  },
  logoutlink: {
    ...AUTH_CALLS.logoutlink,
    access: 'public',
    summary: "Sign out by the spec's GET call",
    response: LogoutResponse,
    changesState: true,
  },
  userauth: {
    method: 'GET',
    path: '/auth/userauth/:id',
    access: 'session',
    summary: 'An account of the caller’s subtree as the signed-in user shape',
    params: UserAuthParams,
    response: UserAuthResponse,
  },
  signup: {
    method: 'POST',
    path: '/auth/signup',
    access: 'session',
    summary: 'Create an account under the caller',
    body: SignupBody,
    response: SignupResponse,
    status: 201,
  },

  // ---------------------------------------------------------------- transfers
  pointtransferreport: {
    ...report('pointtransferreport', 'Single-channel transfers of the subject, in six sections'),
    query: TransferReportQuery,
    response: TransferReportResponse,
    exports: transferExports(),
  },
  multipointtransferreport: {
    ...report('multipointtransferreport', 'Multiplayer-channel transfers of the subject, in six sections'),
    query: TransferReportQuery,
    response: TransferReportResponse,
    exports: transferExports(),
  },
  weeklydetailsreport: {
    ...report('weeklydetailsreport', 'Transfers of both channels of the subject, in six sections'),
    query: TransferReportQuery,
    response: TransferReportResponse,
    exports: transferExports(WEEKLY_COUNTERPARTY_HEADER),
  },

  // ---------------------------------------------------------------- draws
  drawdetails: {
    ...report('drawdetails', 'One page of a game’s open draws in a range'),
    query: DrawDetailsQuery,
    response: DrawDetailsResponse,
    otherResponses: { 404: ErrorBody },
    exports: { draws: DRAW_COLUMNS },
  },

  // ---------------------------------------------------------------- network
  agentdetails: {
    ...report('agentdetails', 'The masters in the subject’s subtree'),
    query: RangeQuery,
    response: AgentListResponse,
    exports: { agents: AGENT_DETAILS_COLUMNS },
  },
  dailystatus: {
    ...report('dailystatus', 'Each master’s profit over the days'),
    query: StatusQuery,
    response: DailyStatusResponse,
    exports: { agents: DAILY_STATUS_COLUMNS },
  },
  dailystatusmembers: {
    ...report('dailystatusmembers', 'Members of one agent who played in other agents’ cafes'),
    query: StatusQuery,
    response: DailyMembersResponse,
    exports: { members: DAILY_MEMBERS_COLUMNS },
  },
  findstatus: {
    ...report('findstatus', 'Profit over the days of one agent or of every master'),
    query: StatusQuery,
    response: AgentStatusResponse,
    exports: { agents: AGENT_STATUS_COLUMNS },
  },
  nonperforming: {
    ...report('nonperforming', 'The masters in scope and the inactive ones'),
    query: RangeQuery,
    response: NonPerformingResponse,
    exports: { agents: NON_PERFORMING_COLUMNS },
  },
  balancereport: {
    ...report('balancereport', 'Wallet balances of the subject’s children, or of one account'),
    query: BalanceQuery,
    response: BalanceResponse,
    exports: { accounts: BALANCE_COLUMNS },
  },
  balancechildren: {
    ...report('balancechildren', 'Wallet balances of the children of one account in scope'),
    query: BalanceQuery,
    response: BalanceResponse,
    exports: { accounts: BALANCE_CHILD_COLUMNS },
  },
  accountsearch: {
    ...report('accountsearch', 'Accounts of the subject’s subtree by name, for the subject picker'),
    query: AccountSearchQuery,
    response: AccountSearchResponse,
  },

  // ---------------------------------------------------------------- money
  revenuereport: {
    ...report('revenuereport', 'The draw-games settlement by week, with its totals'),
    query: RevenueQuery,
    response: RevenueResponse,
    exports: { weeks: REVENUE_COLUMNS },
  },
  revenuereportbyid: {
    ...report('revenuereportbyid', 'The spec’s second name of revenuereport: the same answer'),
    query: RevenueQuery,
    response: RevenueResponse,
    exports: { weeks: REVENUE_COLUMNS },
  },
  pokerrevenuereport: {
    ...report('pokerrevenuereport', 'The poker settlement by week, with its totals'),
    query: RevenueQuery,
    response: RevenueResponse,
    exports: { weeks: REVENUE_COLUMNS },
  },
  revenueweek: {
    ...report('revenueweek', 'One week of the Revenue report: its statement and its members'),
    query: RevenueWeekQuery,
    response: RevenueWeekResponse,
    exports: { week: REVENUE_COLUMNS, members: WEEK_MEMBER_COLUMNS },
  },
  computerloan: {
    ...report('computerloan', 'Masters in scope with a loan'),
    query: LoansQuery,
    response: LoansResponse,
    exports: { loans: LOAN_COLUMNS },
  },
  multiplecybers: {
    ...report('multiplecybers', 'Masters in scope with more than one cafe'),
    query: LoansQuery,
    response: LoansResponse,
    exports: { loans: LOAN_COLUMNS },
  },
  revenuerecovery: {
    ...report('revenuerecovery', 'What one master owes: loans and the carried loss'),
    query: RecoveryQuery,
    response: RecoveryResponse,
    exports: { recovery: RECOVERY_COLUMNS },
  },
  mailreport: {
    ...report('mailreport', 'The mail statement of the subject'),
    query: MailQuery,
    response: MailResponse,
    exports: { members: MAIL_COLUMNS, byType: MAIL_POINTS_BY_TYPE_COLUMNS },
  },
  managermailreport: {
    ...report('managermailreport', 'Profit of each direct child of the subject'),
    query: ManagerMailQuery,
    response: ManagerMailResponse,
    exports: { children: MANAGER_MAIL_COLUMNS },
  },

  // ---------------------------------------------------------------- the platform feed
  feedevents: {
    method: 'POST',
    path: '/feed/v1/events',
    access: 'feed',
    summary: 'Apply a batch of platform events: in order, in one transaction, all or nothing',
    body: FeedBatchBody,
    response: FeedBatchResponse,
    otherResponses: { 409: ErrorBody, 413: ErrorBody, 422: FeedRefusal },
  },
  feedstatus: {
    method: 'GET',
    path: '/feed/v1/status',
    access: 'feed',
    summary: 'The feed key: its name, its last applied event and its counts per type',
    response: FeedStatusResponse,
  },
} as const satisfies Record<string, EndpointDef>;

type Defs = typeof DEFS;

/** The name of every call. */
export type CallName = keyof Defs;

/** The /api/playrep report calls (role gate and scope guard). */
export type ReportCall = { [N in CallName]: Defs[N]['access'] extends 'report' ? N : never }[CallName];

export type Endpoint<N extends CallName = CallName> = Defs[N] & {
  name: N;
  /** Who may make the call (from the permission table for reports; every role otherwise). */
  roles: readonly Role[];
  /** Who a report may be about (the subject `id`); every role for the other calls. */
  subjectRoles: readonly Role[];
};

export const ENDPOINTS: { readonly [N in CallName]: Endpoint<N> } = Object.fromEntries(
  (Object.entries(DEFS) as [CallName, EndpointDef][]).map(([name, def]) => {
    const isReport = def.access === 'report';
    const roles = isReport ? (API_ROLES[name as ReportCall] ?? []) : ALL_ROLES;
    const subjectRoles = isReport ? (API_SUBJECT_ROLES[name as ReportCall] ?? ALL_ROLES) : ALL_ROLES;
    return [name, { ...def, name, roles, subjectRoles }];
  }),
) as unknown as { readonly [N in CallName]: Endpoint<N> };

export const CALL_NAMES = Object.keys(DEFS) as CallName[];

export function isReportCall(name: string): name is ReportCall {
  return name in DEFS && DEFS[name as CallName].access === 'report';
}

/** The parsed query of a call (what the server's handler reads). */
export type CallQuery<N extends CallName> = Defs[N] extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
/** The query a caller sends (what the web client passes), without the export format. */
export type CallParams<N extends CallName> = Defs[N] extends { query: infer Q extends z.ZodType }
  ? Omit<z.input<Q>, 'format'>
  : Record<string, never>;
export type CallPathParams<N extends CallName> = Defs[N] extends { params: infer P extends z.ZodType } ? z.output<P> : undefined;
export type CallBody<N extends CallName> = Defs[N] extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
export type CallBodyInput<N extends CallName> = Defs[N] extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
/** The success answer of a call. */
export type CallResponse<N extends CallName> = z.output<Defs[N]['response']>;
/** The export sheets of a call, by name. */
export type CallExportSheet<N extends CallName> = Defs[N] extends { exports: infer E } ? keyof E & string : never;
