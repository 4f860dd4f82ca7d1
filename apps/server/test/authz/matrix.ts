import { CALL_NAMES, ENDPOINTS, isReportCall, type ReportCall, type Role } from '@playrep/contracts';

/**
 * The authorization matrix of /api/playrep/*, kept as data: one row per route. matrix.test.ts
 * signs in as each role and calls every row about its own account, a descendant, an account in
 * a sibling subtree, an ancestor and an unknown account, and fails when a route has no row.
 * A row whose call also takes a username parameter beside `id` names it in usernameParam: that
 * parameter gets the same five kinds of account, and is checked against the report's subject
 * (an account inside the caller's subtree but outside the subject's is refused too), and a
 * username the caller may not see at all (the sibling) is answered 404 like an unknown one. The
 * test also fails when a call reads an account parameter its row does not name.
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
  /**
   * A manager's action on an account (docs/domain.md, "Access"): only accounts strictly below the
   * caller, so the caller's own account is refused like one outside its subtree (403).
   */
  strictlyBelow?: boolean;
  /** Undoes what an allowed call changed that would end the next callers' sessions (a block). */
  undo?: 'unblock';
  /** The call acts on accounts the caller manages, strictly below it: about its own account, 400. */
  managesOnly?: boolean;
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
/** The Accounts screen (docs/domain.md, "Access"): every role with accounts below it. */
const WITH_ACCOUNTS_BELOW: readonly Role[] = ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master'];
/** The Mail screen (docs/domain.md, "Mail and statements"): the superadmin only. */
const SUPERADMIN: readonly Role[] = ['superadmin'];

const FUN_TARGET = 'MNOQqWWi';
/** A cafe of master1, made by matrix.test.ts: in the subtree of every chain account down to master1. */
/** The member page's calls: one player named by username, within the subject's subtree (an agent's or a manager's). */
const MEMBER_PAGE_ROW = {
  accountParam: 'id',
  usernameParam: { name: 'username', required: true, roles: ['player'] },
  extraQuery: {},
  allowedRoles: AGENTS,
  subjectRoles: AGENTS,
} as const;

export const MATRIX_CAFE_ID = '3c0f6a52-9d1e-4b7a-8e25-7f4d1c9a0b36';

const REVENUE_CELL: MatrixCell = {
  accountParam: 'id',
  extraQuery: {},
  allowedRoles: AGENTS,
  subjectRoles: ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master'],
};

const CELLS: Record<ReportCall, MatrixCell> = {
  // Point Transfer, Multiplayer Point Transfer, Weekly Details (transfers module).
  pointTransfer: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: ALL,
  },
  multiPointTransfer: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: ALL,
  },
  weeklyDetails: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
  },
  // Draw details: about a game, but `id` (the report's subject, as in every report call) is still scope-checked.
  drawDetails: {
    accountParam: 'id',
    extraQuery: { gameId: FUN_TARGET },
    allowedRoles: ALL,
  },
  // Network reports.
  agentDetails: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  dailyStatus: {
    accountParam: 'id',
    // Accepted (the Agent Status query shape) though the list ignores it: still scope-checked.
    usernameParam: { name: 'agentId', required: false },
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  // Daily Status drill-down: the members of one agent who played at other agents' cafes.
  dailyStatusMembers: {
    accountParam: 'id',
    usernameParam: { name: 'agentId', required: true, roles: ['master'] },
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  agentStatus: {
    accountParam: 'id',
    usernameParam: { name: 'agentId', required: false },
    extraQuery: {},
    allowedRoles: MANAGERS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  nonPerforming: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: MANAGERS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  balanceReport: {
    accountParam: 'id',
    usernameParam: { name: 'agentId', required: false },
    extraQuery: {},
    allowedRoles: MANAGERS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  balanceChildren: {
    accountParam: 'id',
    usernameParam: { name: 'agentId', required: true },
    extraQuery: {},
    allowedRoles: MANAGERS,
    subjectRoles: AGENTS, // network reports are about accounts with a commission
  },
  // The account picker of the managers' report headers (not a screen of its own).
  accountSearch: {
    accountParam: 'id',
    extraQuery: { q: 'a' },
    allowedRoles: MANAGERS,
  },
  // Money reports. Revenue is settled for masters and above: a member as subject is a 400.
  revenue: REVENUE_CELL,
  revenueById: REVENUE_CELL,
  revenueWeek: REVENUE_CELL,
  pokerRevenue: REVENUE_CELL,

  agentMail: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
  },
  computerLoan: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: MANAGERS,
  },
  multipleCybers: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: MANAGERS,
  },
  // Recovery is about one master, named by its Agent ID (within the subject's subtree).
  revenueRecovery: {
    accountParam: 'id',
    usernameParam: { name: 'username', required: true, roles: ['master'] },
    extraQuery: {},
    allowedRoles: MANAGERS,
  },
  managerMail: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: MANAGERS,
  },
  // Trends (docs/domain.md, "Insight"): every role with accounts below it, about an account with a commission.
  trends: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS,
  },
  // Week at a Glance (docs/domain.md, "The owner's week"): every role with accounts below it, about such an account.
  weekGlance: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS,
  },
  // Cafe Profit: the cafes of the masters in the subject's subtree.
  cafeProfit: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS,
  },
  // Cafe Trends (docs/domain.md, "The owner's week"): master and above, the cafes of the subject's subtree.
  cafeTrends: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS,
  },
  // Cafe Profit's terminals: one cafe whose master is in the subject's subtree (another is 404, routes.test).
  cafeTerminals: {
    accountParam: 'id',
    extraQuery: { cafeId: MATRIX_CAFE_ID },
    allowedRoles: AGENTS,
    subjectRoles: AGENTS,
  },
  // The member page: one player named by username, within the subject's subtree; another role is a 400.
  member: MEMBER_PAGE_ROW,
  memberPlays: MEMBER_PAGE_ROW,
  memberTransfers: MEMBER_PAGE_ROW,
  // Today: about the subject, and the caller's own big-win threshold (no account parameter).
  today: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: AGENTS,
    subjectRoles: AGENTS,
  },
  todayThreshold: {
    accountParam: null,
    extraQuery: { threshold: '5000' },
    allowedRoles: AGENTS,
  },
  // The account page's news by mail (docs/domain.md, "The owner's week"): every agent and manager,
  // about the caller's own account (no account parameter). The test gives every account a confirmed address.
  mailNews: {
    accountParam: null,
    extraQuery: {},
    allowedRoles: AGENTS,
  },
  digestEmails: {
    accountParam: null,
    extraQuery: { on: 'true', hour: '7' },
    allowedRoles: AGENTS,
  },
  digestNow: {
    accountParam: null,
    extraQuery: {},
    allowedRoles: AGENTS,
  },
  bigWinEmails: {
    accountParam: null,
    extraQuery: { on: 'true' },
    allowedRoles: AGENTS,
  },
  // The Mail screen: about the whole outbox, no account; mails 1 and 2 are queued by the test.
  mailOutbox: {
    accountParam: null,
    extraQuery: {},
    allowedRoles: SUPERADMIN,
  },
  mailPreview: {
    accountParam: null,
    extraQuery: { mailId: '1' },
    allowedRoles: SUPERADMIN,
  },
  mailRetry: {
    accountParam: null,
    extraQuery: { mailId: '1' },
    allowedRoles: SUPERADMIN,
  },
  mailDiscard: {
    accountParam: null,
    extraQuery: { mailId: '2' },
    allowedRoles: SUPERADMIN,
  },
  mailDiscardHeld: {
    accountParam: null,
    extraQuery: {},
    allowedRoles: SUPERADMIN,
  },
  // The Accounts screen: the accounts below the subject; the actions on one account below the caller.
  accounts: {
    accountParam: 'id',
    extraQuery: {},
    allowedRoles: WITH_ACCOUNTS_BELOW,
    subjectRoles: WITH_ACCOUNTS_BELOW,
  },
  issueLink: {
    accountParam: 'username',
    extraQuery: {},
    allowedRoles: WITH_ACCOUNTS_BELOW,
    strictlyBelow: true,
  },
  // Every account without a password below the caller (none in the test network: an empty file).
  issueLinks: {
    accountParam: null,
    extraQuery: {},
    allowedRoles: WITH_ACCOUNTS_BELOW,
  },
  blockAccount: {
    accountParam: 'username',
    extraQuery: {},
    allowedRoles: WITH_ACCOUNTS_BELOW,
    strictlyBelow: true,
    undo: 'unblock',
  },
  unblockAccount: {
    accountParam: 'username',
    extraQuery: {},
    allowedRoles: WITH_ACCOUNTS_BELOW,
    strictlyBelow: true,
  },
  // The Activity screen (docs/domain.md, "Access"): everyone sees its own entries, a manager its
  // subtree's, admins all; it names no account (its actor and account filters only narrow that scope).
  activity: {
    accountParam: null,
    extraQuery: {},
    allowedRoles: ALL,
  },
  // Clearing a lost phone's two-step: every role with accounts below it, for an account it manages
  // (strictly below: its own is turned off with a code, 400).
  twoStepClear: {
    accountParam: 'accountId',
    extraQuery: {},
    allowedRoles: AGENTS,
    managesOnly: true,
  },
  // The Platform screen: the superadmin only.
  platform: { accountParam: null, extraQuery: {}, allowedRoles: SUPERADMIN },
  feedKeyCreate: { accountParam: null, extraQuery: { name: 'matrix-probe' }, allowedRoles: SUPERADMIN },
  feedKeyRevoke: { accountParam: null, extraQuery: { name: 'matrix-probe' }, allowedRoles: SUPERADMIN },
};

export const MATRIX: readonly MatrixRow[] = CALL_NAMES.filter(isReportCall).map((call) => ({
  call,
  method: ENDPOINTS[call].method,
  path: `/api${ENDPOINTS[call].path}`,
  ...CELLS[call],
}));

/**
 * The menu each role must see, section by section: each entry's label and link. Written out from
 * docs/domain.md, "Who sees what" and docs/screens.md like the rows above, and deliberately not
 * derived from the permission table: the web's menu test and the browser's sign-in test check the
 * table against it. Beside the rows, so that a new screen's access is written in one place.
 */
export type ExpectedMenu = [section: string, entries: [label: string, path: string][]][];

const drawDetailsMenu = (role: Role): ExpectedMenu[number] => [
  'Draw Details',
  [
    ['Fun Target', `/${role}/drawdetails/funtarget/MNOQqWWi`],
    ['Fun Roullet', `/${role}/drawdetails/funroullet/vwRORrGO`],
    ['Triple Fun', `/${role}/drawdetails/triplefun/zuuhVbBM`],
    ['Fun AB', `/${role}/drawdetails/funab/qZicXikM`],
  ],
];

/** Today: a menu of its own, first, for every role with accounts below it (docs/screens.md, Today). */
const todayMenu = (role: Role): ExpectedMenu[number] => ['Today', [['Today', `/${role}/today`]]];

/** The Reports of every role with accounts below it; the managers' only reports are marked. */
function reportsMenu(role: Role): ExpectedMenu[number] {
  const manager = MANAGERS.includes(role);
  const entries: [string, string, boolean][] = [
    ['Revenue', 'revenue', false],
    ['Poker Revenue', 'pokerrevenue', false],
    ['Point Transfer', 'pointtransfer', false],
    ['Multiplayer Point Transfer', 'multipointtransfer', false],
    ['Daily Status', 'dailystatus', false],
    ['Agent Details', 'agentdetails', false],
    ['Revenue Recovery', 'revenuerecovery', true],
    ['Computer Loan', 'computerloan', true],
    ['Multiple Cybers', 'multiplecybers', true],
    ['Non Performing CCS', 'nonperfomeragent', true],
    ['Agent Status', 'agenstatus', true],
    ['Balance Report', 'balancereport', true],
    ['Cafe Profit', 'cafeprofit', false],
    ['Trends', 'trends', false],
    ['Cafe Trends', 'cafetrends', false],
    ['Week at a Glance', 'weekglance', false],
  ];
  return [
    'Reports',
    entries.filter(([, , managersOnly]) => manager || !managersOnly).map(([label, path]) => [label, `/${role}/reports/${path}`]),
  ];
}

/** Administration (docs/screens.md): Accounts for every role with accounts below it, Mail and Platform for the superadmin, Activity for everyone. */
function administrationMenu(role: Role): ExpectedMenu[number] {
  const entries: [string, string][] = [];
  if (WITH_ACCOUNTS_BELOW.includes(role)) entries.push(['Accounts', `/${role}/admin/accounts`]);
  if (role === 'superadmin') entries.push(['Mail', `/${role}/admin/mail`]);
  entries.push(['Activity', `/${role}/admin/activity`]);
  if (role === 'superadmin') entries.push(['Platform', `/${role}/admin/platform`]);
  return ['Administration', entries];
}

export function expectedMenu(role: Role): ExpectedMenu {
  if (role === 'player') {
    return [
      [
        'Reports',
        [
          ['Point Transfer', '/player/reports/pointtransfer'],
          // The player's menu (docs/screens.md, Screens at a glance): "Point Transfer and Multipoint Transfer".
          ['Multipoint Transfer', '/player/reports/multipointtransfer'],
        ],
      ],
      drawDetailsMenu(role),
      administrationMenu(role),
    ];
  }
  const manager = MANAGERS.includes(role);
  const mail: [string, string][] = [['Agent Mail Details', `/${role}/mailreports/agentmaildetails`]];
  if (manager) mail.push(['Manager Mail Details', `/${role}/mailreports/managermaildetails`]);
  return [
    todayMenu(role),
    reportsMenu(role),
    drawDetailsMenu(role),
    ['Mail Report', mail],
    ['Weekly Details Reports', [['Weekly Details Report', `/${role}/weeklydetailsreport`]]],
    administrationMenu(role),
  ];
}
