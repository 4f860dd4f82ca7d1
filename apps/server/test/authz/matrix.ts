import type { Role } from '@playrep/contracts';

/**
 * The authorization matrix of /api/playrep/*, kept as data: one row per route. matrix.test.ts
 * signs in as each role and calls every row about its own account, a descendant, an account in
 * a sibling subtree, an ancestor and an unknown account, and fails when a route has no row.
 * A row whose call also takes a username parameter beside `id` names it in usernameParam: that
 * parameter gets the same five kinds of account, and is checked against the report's subject
 * (an account inside the caller's subtree but outside the subject's is refused too). The test
 * also fails when a call reads an account parameter its row does not name.
 *
 * allowedRoles are written out from DOMAIN.md section 6 on purpose, NOT imported from the
 * contracts' permission table: a wrong table must make this test fail.
 *
 * Adding a route: add its row here (the test tells you which one is missing).
 */
export interface MatrixRow {
  /** The route's `config.call` (its name in the permission table). */
  call: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
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

// DOMAIN.md section 6, row by row.
/** "point transfer, multiplayer point transfer, draw details": every role. */
const ALL: readonly Role[] = ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master', 'player'];
/** "revenue, poker revenue, daily status, agent details, agent mail, weekly details": not players. */
const AGENTS: readonly Role[] = ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master'];
/** "revenue recovery, computer loan, multiple cybers, non-performing, agent status, balance report, manager mail": managers only. */
const MANAGERS: readonly Role[] = ['superadmin', 'admin', 'superareamanager', 'areamanager'];

const FUN_TARGET = 'MNOQqWWi';

export const MATRIX: readonly MatrixRow[] = [
  // Point Transfer, Multiplayer Point Transfer, Weekly Details (transfers module).
  {
    call: 'pointtransferreport',
    method: 'GET',
    path: '/api/playrep/pointtransferreport',
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: ALL,
  },
  {
    call: 'multipointtransferreport',
    method: 'GET',
    path: '/api/playrep/multipointtransferreport',
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: ALL,
  },
  {
    call: 'weeklydetailsreport',
    method: 'GET',
    path: '/api/playrep/weeklydetailsreport',
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
  },
  // Draw details: about a game, but `id` (the caller's _id in the spec's calls) is still scope-checked.
  {
    call: 'drawdetails',
    method: 'GET',
    path: '/api/playrep/drawdetails',
    accountParam: 'id',
    extraQuery: { gameId: FUN_TARGET },
    allowedRoles: ALL,
  },
  // Network reports.
  {
    call: 'agentdetails',
    method: 'GET',
    path: '/api/playrep/agentdetails',
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  {
    call: 'dailystatus',
    method: 'GET',
    path: '/api/playrep/dailystatus',
    accountParam: 'id',
    // Accepted (the Agent Status query shape) though the list ignores it: still scope-checked.
    usernameParam: { name: 'agentId', required: false },
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  // Daily Status drill-down: the members of one agent who played at other agents' cafes.
  {
    call: 'dailystatusmembers',
    method: 'GET',
    path: '/api/playrep/dailystatusmembers',
    accountParam: 'id',
    usernameParam: { name: 'agentId', required: true, roles: ['master'] },
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  {
    call: 'findstatus',
    method: 'GET',
    path: '/api/playrep/findstatus',
    accountParam: 'id',
    usernameParam: { name: 'agentId', required: false },
    extraQuery: {},
    allowedRoles: MANAGERS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  {
    call: 'nonperforming',
    method: 'GET',
    path: '/api/playrep/nonperforming',
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: MANAGERS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  {
    call: 'balancereport',
    method: 'GET',
    path: '/api/playrep/balancereport',
    accountParam: 'id',
    usernameParam: { name: 'agentId', required: false },
    extraQuery: {},
    allowedRoles: MANAGERS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  {
    call: 'balancechildren',
    method: 'GET',
    path: '/api/playrep/balancechildren',
    accountParam: 'id',
    usernameParam: { name: 'agentId', required: true },
    extraQuery: {},
    allowedRoles: MANAGERS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  // The account picker of the managers' report headers (not a screen of its own).
  {
    call: 'accountsearch',
    method: 'GET',
    path: '/api/playrep/accountsearch',
    accountParam: 'id',
    extraQuery: { q: 'a' },
    allowedRoles: MANAGERS,
  },
  // Money reports (issue 5). Revenue is settled for masters and above: a member as subject is a 400.
  ...(['revenuereport', 'revenuereportbyid', 'revenueweek', 'pokerrevenuereport'] as const).map(
    (call): MatrixRow => ({
      call,
      method: 'GET',
      path: `/api/playrep/${call}`,
      accountParam: 'id',
      extraQuery: {},
      allowedRoles: AGENTS,
      subjectRoles: ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master'],
    }),
  ),
  {
    call: 'mailreport',
    method: 'GET',
    path: '/api/playrep/mailreport',
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
  },
  {
    call: 'computerloan',
    method: 'GET',
    path: '/api/playrep/computerloan',
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: MANAGERS,
  },
  {
    call: 'multiplecybers',
    method: 'GET',
    path: '/api/playrep/multiplecybers',
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: MANAGERS,
  },
  // Recovery is about one master, named by its Agent ID (within the subject's subtree).
  {
    call: 'revenuerecovery',
    method: 'GET',
    path: '/api/playrep/revenuerecovery',
    accountParam: 'id',
    usernameParam: { name: 'username', required: true, roles: ['master'] },
    extraQuery: {},
    allowedRoles: MANAGERS,
  },
  {
    call: 'managermailreport',
    method: 'GET',
    path: '/api/playrep/managermailreport',
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: MANAGERS,
  },
];
