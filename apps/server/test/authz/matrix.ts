import { CALL_NAMES, ENDPOINTS, isReportCall, type ReportCall, type Role } from '@playrep/contracts';

/**
 * The authorization matrix of /api/playrep/*, kept as data: one row per route. matrix.test.ts
 * signs in as each role and calls every row about its own account, a descendant, an account in
 * a sibling subtree, an ancestor and an unknown account, and fails when a route has no row.
 * A row whose call also takes a username parameter beside `id` names it in usernameParam: that
 * parameter gets the same five kinds of account, and is checked against the report's subject
 * (an account inside the caller's subtree but outside the subject's is refused too). The test
 * also fails when a call reads an account parameter its row does not name.
 *
 * allowedRoles are written out from docs/domain.md, "Who sees what" on purpose, NOT imported from the
 * contracts' permission table: a wrong table must make this test fail.
 *
 * The rows are keyed by the report calls of the contracts' endpoint table, whose method and path
 * they take: a call without a row does not compile.
 */
export interface MatrixRow extends MatrixCell {
  /** The route's `config.call` (its name in the endpoint table). */
  call: ReportCall;
  method: 'GET' | 'POST';
  path: string;
}

/** What the matrix expects of one call. */
export interface MatrixCell {
  /**
   * The query parameter naming the subject account: 'id' (an _id) or a username parameter such as
   * 'agentId'. null when the call is about no account (then only the role gate is checked).
   */
  accountParam: 'id' | 'accountId' | 'agentId' | 'username' | 'childId' | null;
  /** The username parameter (an "Agent ID" input) the call takes beside `id`, checked within the subject's subtree. */
  usernameParam?: UsernameParam;
  /** Other query parameters the call needs to answer 200. */
  extraQuery: Record<string, string>;
  allowedRoles: readonly Role[];
  /**
   * When the handler serves only subjects of these roles (e.g. members of an agent): a subject in
   * scope with another role gets 400 from the handler, after the guard has let it through.
   */
  subjectRoles?: readonly Role[];
}

export interface UsernameParam {
  name: 'agentId' | 'username' | 'childId';
  /** The handler answers 400 without it. */
  required: boolean;
  /** When the handler serves only accounts of these roles there (400 for another role in scope). */
  roles?: readonly Role[];
}

// docs/domain.md, "Who sees what", row by row.
/** "point transfer, multiplayer point transfer, draw details": every role. */
const ALL: readonly Role[] = ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master', 'player'];
/** "revenue, poker revenue, daily status, agent details, agent mail, weekly details": not players. */
const AGENTS: readonly Role[] = ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master'];
/** "revenue recovery, computer loan, multiple cybers, non-performing, agent status, balance report, manager mail": managers only. */
const MANAGERS: readonly Role[] = ['superadmin', 'admin', 'superareamanager', 'areamanager'];

const FUN_TARGET = 'MNOQqWWi';

const REVENUE_CELL: MatrixCell = {
  accountParam: 'id',
  extraQuery: {},
  allowedRoles: AGENTS,
  subjectRoles: ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master'],
};

const CELLS: Record<ReportCall, MatrixCell> = {
  // Point Transfer, Multiplayer Point Transfer, Weekly Details (transfers module).
  pointtransferreport: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: ALL,
  },
  multipointtransferreport: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: ALL,
  },
  weeklydetailsreport: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
  },
  // Draw details: about a game, but `id` (the caller's _id in the spec's calls) is still scope-checked.
  drawdetails: {
    accountParam: 'id',
    extraQuery: { gameId: FUN_TARGET },
    allowedRoles: ALL,
  },
  // Network reports.
  agentdetails: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  dailystatus: {
    accountParam: 'id',
    // Accepted (the Agent Status query shape) though the list ignores it: still scope-checked.
    usernameParam: { name: 'agentId', required: false },
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  // Daily Status drill-down: the members of one agent who played at other agents' cafes.
  dailystatusmembers: {
    accountParam: 'id',
    usernameParam: { name: 'agentId', required: true, roles: ['master'] },
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  findstatus: {
    accountParam: 'id',
    usernameParam: { name: 'agentId', required: false },
    extraQuery: {},
    allowedRoles: MANAGERS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  nonperforming: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: MANAGERS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  balancereport: {
    accountParam: 'id',
    usernameParam: { name: 'agentId', required: false },
    extraQuery: {},
    allowedRoles: MANAGERS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  balancechildren: {
    accountParam: 'id',
    usernameParam: { name: 'agentId', required: true },
    extraQuery: {},
    allowedRoles: MANAGERS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  // The account picker of the managers' report headers (not a screen of its own).
  accountsearch: {
    accountParam: 'id',
    extraQuery: { q: 'a' },
    allowedRoles: MANAGERS,
  },
  // Money reports. Revenue is settled for masters and above: a member as subject is a 400.
  revenuereport: REVENUE_CELL,
  revenuereportbyid: REVENUE_CELL,
  revenueweek: REVENUE_CELL,
  pokerrevenuereport: REVENUE_CELL,

  mailreport: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
  },
  computerloan: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: MANAGERS,
  },
  multiplecybers: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: MANAGERS,
  },
  // Recovery is about one master, named by its Agent ID (within the subject's subtree).
  revenuerecovery: {
    accountParam: 'id',
    usernameParam: { name: 'username', required: true, roles: ['master'] },
    extraQuery: {},
    allowedRoles: MANAGERS,
  },
  managermailreport: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: MANAGERS,
  },
};

export const MATRIX: readonly MatrixRow[] = CALL_NAMES.filter(isReportCall).map((call) => ({
  call,
  method: ENDPOINTS[call].method,
  path: `/api${ENDPOINTS[call].path}`,
  ...CELLS[call],
}));
