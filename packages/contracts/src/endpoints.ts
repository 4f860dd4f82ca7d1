import type { z } from 'zod';
import {
  AccountsQuery,
  AccountsResponse,
  BlockResponse,
  ChangePasswordBody,
  ForgotPasswordBody,
  IssueLinkResponse,
  IssueLinksBody,
  IssueLinksQuery,
  LinkInfoResponse,
  LinkTokenBody,
  ManagedAccountQuery,
  MessageResponse,
  MyAccountResponse,
  UseLinkBody,
  UseLinkResponse,
} from './api/access.js';
import { ActivityQuery, ActivityResponse } from './api/activity.js';
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
import {
  FeedBatchBody,
  FeedBatchResponse,
  FeedConflict,
  FeedEventCheck,
  FeedEventParams,
  FeedRefusal,
  FeedStatusResponse,
} from './api/feed.js';
import { HealthResponse, HealthUnavailable } from './api/health.js';
import {
  CafeProfitResponse,
  CafeTerminalsQuery,
  CafeTerminalsResponse,
  TodayQuery,
  TodayResponse,
  TodayThresholdQuery,
  TodayThresholdResponse,
  TrendsQuery,
  TrendsResponse,
} from './api/insight.js';
import {
  ConfirmEmailBody,
  ConfirmEmailResponse,
  EmailStateResponse,
  MailIdQuery,
  MailOutboxQuery,
  MailOutboxResponse,
  MailPreviewResponse,
  MailRetryResponse,
  SetEmailBody,
  SetEmailResponse,
  StatementEmailsBody,
  UnsubscribeQuery,
  UnsubscribeResponse,
} from './api/mail.js';
import {
  MemberPlaysQuery,
  MemberPlaysResponse,
  MemberQuery,
  MemberResponse,
  MemberTransfersQuery,
  MemberTransfersResponse,
} from './api/members.js';
import {
  AgentMailQuery,
  AgentMailResponse,
  LoansQuery,
  LoansResponse,
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
import {
  FeedKeyCreatedResponse,
  FeedKeyNameQuery,
  FeedKeyRevokedResponse,
  PlatformQuery,
  PlatformResponse,
} from './api/platform.js';
import { TransferReportQuery, TransferReportResponse } from './api/transfers.js';
import {
  TwoStepClearQuery,
  TwoStepCodeBody,
  TwoStepConfirmResponse,
  TwoStepMessageResponse,
  TwoStepSetupResponse,
  TwoStepStateResponse,
} from './api/two-step.js';
import { ACCESS_CALLS, AUTH_CALLS, EMAIL_CALLS, reportPath, TWO_STEP_CALLS } from './call-paths.js';
import { API_ROLES, API_SUBJECT_ROLES } from './permissions.js';
import { ROLES as ALL_ROLES, type Role } from './roles.js';
import { ACCOUNT_COLUMNS, ISSUED_LINK_COLUMNS } from './tables/access.js';
import { ACTIVITY_COLUMNS } from './tables/activity.js';
import type { ColumnDef } from './tables/columns.js';
import { DRAW_COLUMNS } from './tables/draws.js';
import {
  BIG_WIN_COLUMNS,
  CAFE_PROFIT_COLUMNS,
  CAFE_TERMINAL_COLUMNS,
  IDLE_MASTER_COLUMNS,
  LOSING_CAFE_COLUMNS,
  OPEN_LOAN_COLUMNS,
  WAITING_TRANSFER_COLUMNS,
} from './tables/insight.js';
import { MAIL_OUTBOX_COLUMNS } from './tables/mail.js';
import { MEMBER_PLAY_COLUMNS, MEMBER_TRANSFER_COLUMNS, MEMBER_WEEK_COLUMNS } from './tables/members.js';
import {
  AGENT_MAIL_EXPORT_COLUMNS,
  AGENT_MAIL_POINTS_BY_TYPE_COLUMNS,
  LOAN_COLUMNS,
  MAIL_MEMBERS_TITLE,
  MAIL_POINTS_BY_TYPE_TITLE,
  MANAGER_MAIL_COLUMNS,
  RECOVERY_COLUMNS,
  REVENUE_COLUMNS,
  REVENUE_EXPORT_COLUMNS,
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
import { FEED_BATCH_COLUMNS, FEED_KEY_COLUMNS } from './tables/platform.js';
import { STATEMENT_LINE_COLUMNS, STATEMENT_SUMMARY_TITLE } from './tables/statement.js';
import {
  sectionCounterpartyHeader,
  sectionTitle,
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
  /** The call's downloads (`format=csv|xlsx`, and `pdf` where its query allows it). */
  exports?: ExportDef;
  /** A GET that changes state (the GET sign-out): the Origin check applies as to a POST. */
  changesState?: boolean;
}

/**
 * A report's download: its file name and its sheets. The handler supplies the rows and what the
 * file is about (an account, dates), the endpoint plugin builds the file: no handler names a format.
 */
export interface ExportDef {
  /** The file name's start: `agent-details` makes `agent-details-<about...>.csv`. */
  file: string;
  /** In file order. A PDF's layout refers to them by position. */
  sheets: Readonly<Record<string, ExportSheetDef>>;
}

export interface ExportSheetDef {
  /**
   * The table's title (a CSV's heading, an Excel sheet's name); a function of a name the handler
   * gives (a game, an account, a week) where the title carries it.
   */
  title: string | ((name: string) => string);
  /**
   * The same column list the screen's table shows, so a label never differs between the two; or
   * COLUMNS_GIVEN where the columns depend on the request (Trends: one per week shown), and the
   * handler gives them with the rows, from the same function the screen uses.
   */
  columns: readonly ColumnDef[] | typeof COLUMNS_GIVEN;
}

/** A sheet whose columns the handler gives at run time (ExportSheetDef.columns). */
export const COLUMNS_GIVEN = 'given by the handler';

/** The six sections of a transfer report as export sheets, with the title and counterparty header each one shows. */
function transferExports(
  file: string,
  { multiplayerTitles = false, counterpartyHeader }: { multiplayerTitles?: boolean; counterpartyHeader?: string } = {},
): { file: string; sheets: Record<TransferSectionKey, ExportSheetDef> } {
  const sheets: Partial<Record<TransferSectionKey, ExportSheetDef>> = {};
  for (const key of TRANSFER_SECTION_KEYS) {
    sheets[key] = {
      title: sectionTitle(key, multiplayerTitles),
      columns: transferColumns(counterpartyHeader ?? sectionCounterpartyHeader(key)),
    };
  }
  return { file, sheets: sheets as Record<TransferSectionKey, ExportSheetDef> };
}

/** A download of one sheet. */
const oneSheet = <K extends string>(file: string, key: K, title: string, columns: readonly ColumnDef[]) =>
  ({ file, sheets: { [key]: { title, columns } } as Record<K, { title: string; columns: readonly ColumnDef[] }> }) as const;

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
  logoutLink: {
    ...AUTH_CALLS.logoutLink,
    access: 'public',
    summary: "Sign out by the spec's GET call",
    response: LogoutResponse,
    changesState: true,
  },
  userAuth: {
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

  // ---------------------------------------------------------------- access (docs/domain.md, "Access")
  linkInfo: {
    ...ACCESS_CALLS.linkInfo,
    access: 'public',
    summary: 'What a sign-in link is for: the account and who issued it (the link is not used)',
    body: LinkTokenBody,
    response: LinkInfoResponse,
  },
  useLink: {
    ...ACCESS_CALLS.useLink,
    access: 'public',
    summary: 'Use a sign-in link: set the password, end the account’s other sessions and sign in',
    body: UseLinkBody,
    response: UseLinkResponse,
  },
  forgotPassword: {
    ...ACCESS_CALLS.forgotPassword,
    access: 'public',
    summary: 'Mail a reset link where the account has a confirmed address; the same answer always',
    body: ForgotPasswordBody,
    response: MessageResponse,
    otherResponses: { 429: ErrorBody },
  },
  changePassword: {
    ...ACCESS_CALLS.changePassword,
    access: 'session',
    summary: 'Change the caller’s password (current password required); ends its other sessions',
    body: ChangePasswordBody,
    response: MessageResponse,
  },
  myAccount: {
    ...ACCESS_CALLS.myAccount,
    access: 'session',
    summary:
      'The caller’s account page: name, role, parent, last sign-in (time, address, device), failed attempts since, its own last 10 activity entries',
    response: MyAccountResponse,
  },

  // ---------------------------------------------------------------- an account's email address (docs/domain.md, "Mail and statements")
  emailState: {
    ...EMAIL_CALLS.emailState,
    access: 'session',
    summary: 'The caller’s email address, its confirmation and the weekly statement setting',
    response: EmailStateResponse,
  },
  setEmail: {
    ...EMAIL_CALLS.setEmail,
    access: 'session',
    summary: 'Set (mailing a confirmation link, valid 24 hours) or remove the caller’s email address',
    body: SetEmailBody,
    response: SetEmailResponse,
    otherResponses: { 429: ErrorBody },
  },
  statementEmails: {
    ...EMAIL_CALLS.statementEmails,
    access: 'session',
    summary: 'Turn the caller’s weekly statement emails on or off',
    body: StatementEmailsBody,
    response: SetEmailResponse,
  },
  confirmEmail: {
    ...EMAIL_CALLS.confirmEmail,
    access: 'public',
    summary: 'Confirm an email address with the secret of the link mailed to it',
    body: ConfirmEmailBody,
    response: ConfirmEmailResponse,
  },
  unsubscribe: {
    ...EMAIL_CALLS.unsubscribe,
    access: 'public',
    summary: 'One-click unsubscribe from the weekly statement (RFC 8058), without signing in',
    query: UnsubscribeQuery,
    response: UnsubscribeResponse,
  },

  // ---------------------------------------------------------------- the caller's two-step sign-in (docs/domain.md, "Access")
  twoStepState: {
    ...TWO_STEP_CALLS.twoStepState,
    access: 'session',
    summary: 'Whether the caller’s two-step sign-in is on, its recovery codes left, whether its role must have it',
    response: TwoStepStateResponse,
  },
  twoStepSetup: {
    ...TWO_STEP_CALLS.twoStepSetup,
    access: 'session',
    summary: 'Begin setting two-step sign-in up: a new key, as text and as a QR code',
    response: TwoStepSetupResponse,
    otherResponses: { 409: ErrorBody, 503: ErrorBody },
  },
  twoStepConfirm: {
    ...TWO_STEP_CALLS.twoStepConfirm,
    access: 'session',
    summary: 'Turn two-step sign-in on with a first code; answers the recovery codes, once',
    body: TwoStepCodeBody,
    response: TwoStepConfirmResponse,
    otherResponses: { 409: ErrorBody },
  },
  twoStepOff: {
    ...TWO_STEP_CALLS.twoStepOff,
    access: 'session',
    summary: 'Turn the caller’s two-step sign-in off with a current code or a recovery code',
    body: TwoStepCodeBody,
    response: TwoStepMessageResponse,
    otherResponses: { 409: ErrorBody },
  },

  // ---------------------------------------------------------------- transfers
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

  // ---------------------------------------------------------------- draws
  drawDetails: {
    ...report('drawDetails', 'One page of a game’s open draws in a range'),
    query: DrawDetailsQuery,
    response: DrawDetailsResponse,
    otherResponses: { 404: ErrorBody },
    exports: { file: 'draws', sheets: { draws: { title: (game: string) => game, columns: DRAW_COLUMNS } } },
  },

  // ---------------------------------------------------------------- network
  agentDetails: {
    ...report('agentDetails', 'The masters in the subject’s subtree'),
    query: RangeQuery,
    response: AgentListResponse,
    exports: oneSheet('agent-details', 'agents', 'Agent Details', AGENT_DETAILS_COLUMNS),
  },
  dailyStatus: {
    ...report('dailyStatus', 'Each master’s profit over the days'),
    query: StatusQuery,
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
    query: StatusQuery,
    response: AgentStatusResponse,
    exports: oneSheet('agent-status', 'agents', 'Agent Status', AGENT_STATUS_COLUMNS),
  },
  nonPerforming: {
    ...report('nonPerforming', 'The masters in scope and the inactive ones'),
    query: RangeQuery,
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

  // ---------------------------------------------------------------- money
  revenue: {
    ...report('revenue', 'The draw-games settlement by week, with its totals'),
    query: RevenueQuery,
    response: RevenueResponse,
    exports: oneSheet('revenue', 'weeks', 'Revenue', REVENUE_EXPORT_COLUMNS),
  },
  revenueById: {
    ...report('revenueById', 'The spec’s second name of revenuereport: the same answer'),
    query: RevenueQuery,
    response: RevenueResponse,
    exports: oneSheet('revenue', 'weeks', 'Revenue', REVENUE_EXPORT_COLUMNS),
  },
  pokerRevenue: {
    ...report('pokerRevenue', 'The poker settlement by week, with its totals'),
    query: RevenueQuery,
    response: RevenueResponse,
    exports: oneSheet('poker-revenue', 'weeks', 'Poker Revenue', REVENUE_EXPORT_COLUMNS),
  },
  revenueWeek: {
    ...report('revenueWeek', 'One week of the Revenue report: its statement and its members'),
    query: RevenueWeekQuery,
    response: RevenueWeekResponse,
    // The week's row as on screen (the PDF's subtitle and the statement's Week line say whether it is open).
    exports: {
      file: 'revenue-week',
      sheets: {
        week: { title: (week: string) => `Week ${week}`, columns: REVENUE_COLUMNS },
        members: { title: 'Points Used By Members', columns: WEEK_MEMBER_COLUMNS },
        statement: { title: STATEMENT_SUMMARY_TITLE, columns: STATEMENT_LINE_COLUMNS },
      },
    },
  },
  computerLoan: {
    ...report('computerLoan', 'Masters in scope with a loan'),
    query: LoansQuery,
    response: LoansResponse,
    exports: oneSheet('computer-loan', 'loans', 'Computer Loan', LOAN_COLUMNS),
  },
  multipleCybers: {
    ...report('multipleCybers', 'Masters in scope with more than one cafe'),
    query: LoansQuery,
    response: LoansResponse,
    exports: oneSheet('multiple-cybers', 'loans', 'Multiple Cybers', LOAN_COLUMNS),
  },
  revenueRecovery: {
    ...report('revenueRecovery', 'What one master owes: loans and the carried loss'),
    query: RecoveryQuery,
    response: RecoveryResponse,
    exports: oneSheet('revenue-recovery', 'recovery', 'Revenue Recovery', RECOVERY_COLUMNS),
  },
  agentMail: {
    ...report('agentMail', 'The mail statement of the subject'),
    query: AgentMailQuery,
    response: AgentMailResponse,
    exports: {
      file: 'agent-mail',
      sheets: {
        members: { title: MAIL_MEMBERS_TITLE, columns: AGENT_MAIL_EXPORT_COLUMNS },
        byType: { title: MAIL_POINTS_BY_TYPE_TITLE, columns: AGENT_MAIL_POINTS_BY_TYPE_COLUMNS },
        statement: { title: STATEMENT_SUMMARY_TITLE, columns: STATEMENT_LINE_COLUMNS },
      },
    },
  },
  managerMail: {
    ...report('managerMail', 'Profit of each direct child of the subject'),
    query: ManagerMailQuery,
    response: ManagerMailResponse,
    exports: oneSheet('manager-mail', 'children', 'Manager Mail Details', MANAGER_MAIL_COLUMNS),
  },

  // ---------------------------------------------------------------- insight (docs/domain.md, "Insight")
  trends: {
    ...report('trends', 'Profit per week of each direct child of the subject, with the change against the period before'),
    query: TrendsQuery,
    response: TrendsResponse,
    // One column per week shown: the handler gives trendsColumns(weeks).
    exports: { file: 'trends', sheets: { children: { title: 'Trends', columns: COLUMNS_GIVEN } } },
  },
  today: {
    ...report('today', 'Today so far against the same weekday last week, big wins, losing cafes, what waits'),
    query: TodayQuery,
    response: TodayResponse,
    exports: {
      file: 'today',
      sheets: {
        bigWins: { title: 'Big Wins Today', columns: BIG_WIN_COLUMNS },
        losingCafes: { title: 'Cafes Losing Most Today', columns: LOSING_CAFE_COLUMNS },
        waitingTransfers: { title: 'Transfers Waiting', columns: WAITING_TRANSFER_COLUMNS },
        openLoans: { title: 'Open Loans', columns: OPEN_LOAN_COLUMNS },
        idleMasters: { title: 'Masters With No Play Today', columns: IDLE_MASTER_COLUMNS },
      },
    },
  },
  cafeProfit: {
    ...report('cafeProfit', 'Each cafe of the masters in the subject’s subtree: the profit of the plays made there'),
    query: RangeQuery,
    response: CafeProfitResponse,
    exports: oneSheet('cafe-profit', 'cafes', 'Cafe Profit', CAFE_PROFIT_COLUMNS),
  },
  cafeTerminals: {
    ...report('cafeTerminals', 'The plays of one cafe of Cafe Profit per terminal, the unknown terminal included'),
    query: CafeTerminalsQuery,
    response: CafeTerminalsResponse,
    exports: {
      file: 'cafe-terminals',
      sheets: { terminals: { title: (cafe: string) => `Terminals of ${cafe}`, columns: CAFE_TERMINAL_COLUMNS } },
    },
  },
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
  todayThreshold: {
    method: 'POST',
    path: reportPath('todayThreshold'),
    access: 'report',
    summary: 'Set the caller’s own big-win threshold of Today',
    query: TodayThresholdQuery,
    response: TodayThresholdResponse,
  },

  // ---------------------------------------------------------------- the Mail screen (superadmin)
  mailOutbox: {
    ...report('mailOutbox', 'One page of the outbox: every mail with its state, kind, recipient, week and attempts'),
    query: MailOutboxQuery,
    response: MailOutboxResponse,
    exports: oneSheet('mail', 'mails', 'Mail', MAIL_OUTBOX_COLUMNS),
  },
  mailPreview: {
    ...report('mailPreview', 'One mail: its body as sent, or as it would be built now'),
    query: MailIdQuery,
    response: MailPreviewResponse,
    otherResponses: { 404: ErrorBody },
  },
  mailRetry: {
    method: 'POST',
    path: reportPath('mailRetry'),
    access: 'report',
    summary: 'Send a mail that is pending, held or failed again now',
    query: MailIdQuery,
    response: MailRetryResponse,
    otherResponses: { 404: ErrorBody, 409: ErrorBody },
  },

  // ---------------------------------------------------------------- the Accounts screen (docs/domain.md, "Access")
  accounts: {
    ...report('accounts', 'One page of the accounts below the subject, with their access state'),
    query: AccountsQuery,
    response: AccountsResponse,
    exports: oneSheet('accounts', 'accounts', 'Accounts', ACCOUNT_COLUMNS),
  },
  issueLink: {
    method: 'POST',
    path: reportPath('issueLink'),
    access: 'report',
    summary: 'Issue a sign-in link for one account below the caller (a new one revokes the old)',
    query: ManagedAccountQuery,
    response: IssueLinkResponse,
    otherResponses: { 409: ErrorBody },
  },
  issueLinks: {
    method: 'POST',
    path: reportPath('issueLinks'),
    access: 'report',
    summary: 'Sign-in links in bulk (a selection, or every account without a password below the caller) as CSV',
    query: IssueLinksQuery,
    body: IssueLinksBody,
    response: MessageResponse,
    otherResponses: { 404: ErrorBody },
    exports: oneSheet('sign-in-links', 'links', 'Sign-in links', ISSUED_LINK_COLUMNS),
  },
  blockAccount: {
    method: 'POST',
    path: reportPath('blockAccount'),
    access: 'report',
    summary: 'Block the sign-in of an account below the caller: its sessions and links end at once',
    query: ManagedAccountQuery,
    response: BlockResponse,
  },
  unblockAccount: {
    method: 'POST',
    path: reportPath('unblockAccount'),
    access: 'report',
    summary: 'Unblock the sign-in of an account below the caller',
    query: ManagedAccountQuery,
    response: BlockResponse,
  },
  // ---------------------------------------------------------------- the Activity screen (docs/domain.md, "Access")
  activity: {
    ...report('activity', 'One page of the access activity the caller may see: its own, its subtree’s, or all (admins)'),
    query: ActivityQuery,
    response: ActivityResponse,
    exports: oneSheet('activity', 'activity', 'Activity', ACTIVITY_COLUMNS),
  },

  twoStepClear: {
    method: 'POST',
    path: reportPath('twoStepClear'),
    access: 'report',
    summary: 'Clear the two-step sign-in of an account the caller manages (a lost phone)',
    query: TwoStepClearQuery,
    response: TwoStepMessageResponse,
  },

  // ---------------------------------------------------------------- the Platform screen (superadmin)
  platform: {
    ...report('platform', 'The feed keys (never a key itself) and the last 100 batches with their outcome'),
    query: PlatformQuery,
    response: PlatformResponse,
    exports: {
      file: 'platform',
      sheets: {
        keys: { title: 'Feed keys', columns: FEED_KEY_COLUMNS },
        batches: { title: 'Batches', columns: FEED_BATCH_COLUMNS },
      },
    },
  },
  feedKeyCreate: {
    method: 'POST',
    path: reportPath('feedKeyCreate'),
    access: 'report',
    summary: 'Create a feed key: answered once, only its hash is kept',
    query: FeedKeyNameQuery,
    response: FeedKeyCreatedResponse,
    otherResponses: { 409: ErrorBody },
  },
  feedKeyRevoke: {
    method: 'POST',
    path: reportPath('feedKeyRevoke'),
    access: 'report',
    summary: 'Revoke the live feed key of that name',
    query: FeedKeyNameQuery,
    response: FeedKeyRevokedResponse,
    otherResponses: { 404: ErrorBody },
  },

  // ---------------------------------------------------------------- the platform feed
  feedEvents: {
    method: 'POST',
    path: '/feed/v1/events',
    access: 'feed',
    summary: 'Apply a batch of platform events: in order, in one transaction, all or nothing',
    body: FeedBatchBody,
    response: FeedBatchResponse,
    otherResponses: {
      400: ErrorBody,
      401: ErrorBody,
      409: FeedConflict,
      413: ErrorBody,
      415: ErrorBody,
      422: FeedRefusal,
      429: ErrorBody,
      503: ErrorBody,
    },
  },
  feedEvent: {
    method: 'GET',
    path: '/feed/v1/events/:id',
    access: 'feed',
    summary: 'Whether an event id of this key was applied, when, and in which batch',
    params: FeedEventParams,
    response: FeedEventCheck,
    otherResponses: { 400: ErrorBody, 401: ErrorBody, 429: ErrorBody, 503: ErrorBody },
  },
  feedStatus: {
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
export type CallExportSheet<N extends CallName> = Defs[N] extends { exports: { sheets: infer S } } ? keyof S & string : never;
