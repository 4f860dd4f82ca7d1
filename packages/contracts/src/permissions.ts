import type { ReportCall } from './endpoints.js';
import { DRAW_GAMES } from './games.js';
import { MANAGER_ROLES, ROLES, type Role } from './roles.js';

/**
 * The one permission table (docs/domain.md, "Who sees what"). The server's role gates, the web routes and
 * the menus are all derived from it; nothing else decides who may open what.
 */
export const AUDIENCES = {
  everyone: ROLES,
  agents: [...MANAGER_ROLES, 'master'],
  managers: MANAGER_ROLES,
  superadmin: ['superadmin'],
} as const satisfies Record<string, readonly Role[]>;
export type Audience = keyof typeof AUDIENCES;

export type MenuGroup = 'Today' | 'Reports' | 'Draw Details' | 'Mail Report' | 'Weekly Details Reports' | 'Administration';

/** A row of the permission table, `K` its key. */
interface ScreenRow<K extends string = string> {
  /**
   * The screen's name in the code: its page is `{Key}Page` in the web app's screen registry, and
   * its main call in the endpoint table has the same name (docs/screens.md, "Screens at a glance").
   * The wire keeps the spec's names: the route is `path`, the calls' paths are in call-paths.ts.
   */
  key: K;
  /** Path under /{role}/. */
  path: string;
  /** Page title, and menu label unless `menuLabels` gives the role another. */
  label: string;
  /**
   * The menu wording of roles whose menu names the screen differently from its label (the
   * player's menu says 'Multipoint Transfer' for the Multiplayer Point Transfer screen).
   */
  menuLabels?: Partial<Record<Role, string>>;
  /** Its menu section; none for a screen reached only from links (the member page). */
  menu?: MenuGroup;
  audience: Audience;
  /** The /api/playrep/* calls this screen makes (role gate of each call = union of its screens). */
  api: readonly ReportCall[];
  /**
   * Who may be this report's subject (the `id` of its calls, picked by a manager): the subject
   * picker offers only these and the server refuses another role with 400. Default 'agents':
   * the accounts with a commission, which the money, network and mail reports are about.
   */
  subjects?: Audience;
}

const DRAW_SCREEN_KEY_PREFIX = 'drawDetails-';

/**
 * The member page's route (docs/screens.md, Member): the member's username is its `username` query
 * parameter, as the other per-account pages take their account in the query (`id`, `agentId`).
 */
export const MEMBER_PAGE_PATH = 'reports/member';
/** The URL parameter of the member page that names the member. */
export const MEMBER_PAGE_PARAM = 'username';

/** The member page of `username` in `role`'s area. */
export function memberPagePath(role: Role, username: string): string {
  return `/${role}/${MEMBER_PAGE_PATH}?${new URLSearchParams({ [MEMBER_PAGE_PARAM]: username })}`;
}

/** True when `role` may open the member page (every role above a member). */
export function mayOpenMemberPage(role: Role): boolean {
  return mayCall(role, 'member');
}

/**
 * The web route of draw details (docs/screens.md, Draw details: route parameters name and game code): one page for every game
 * code, so an unknown code shows 'Unknown Game'. It is open to the roles that may open the draw
 * screens below; the menus link those screens' fixed paths.
 */
export const DRAW_DETAILS_ROUTE = 'drawdetails/:name/:id';

export function isDrawScreen(screen: Screen): boolean {
  return screen.key.startsWith(DRAW_SCREEN_KEY_PREFIX);
}

const drawScreens = DRAW_GAMES.map(
  (g) =>
    ({
      key: `${DRAW_SCREEN_KEY_PREFIX}${g.slug}`,
      path: `drawdetails/${g.slug}/${g.code}`,
      label: g.name,
      menu: 'Draw Details',
      audience: 'everyone',
      api: ['drawDetails'],
      subjects: 'everyone',
    }) as const satisfies ScreenRow,
);

/**
 * The screens, as written: `as const`, so that their keys form a type (ScreenKey) and the web
 * app's screen registry, a record over it, does not compile while a screen has no page.
 */
const SCREEN_TABLE = [
  {
    key: 'today',
    path: 'today',
    label: 'Today',
    menu: 'Today', // first in the menu; the landing page stays Point Transfer (HOME_PATH)
    audience: 'agents',
    api: ['today', 'todayThreshold'],
  },
  {
    key: 'revenue',
    path: 'reports/revenue',
    label: 'Revenue',
    menu: 'Reports',
    audience: 'agents',
    api: ['revenue', 'revenueById', 'revenueWeek'],
  },
  {
    key: 'pokerRevenue',
    path: 'reports/pokerrevenue',
    label: 'Poker Revenue',
    menu: 'Reports',
    audience: 'agents',
    api: ['pokerRevenue'],
  },
  {
    key: 'pointTransfer',
    path: 'reports/pointtransfer',
    label: 'Point Transfer',
    menu: 'Reports',
    audience: 'everyone',
    api: ['pointTransfer'],
    subjects: 'everyone', // transfers: any account has them
  },
  {
    key: 'multiPointTransfer',
    path: 'reports/multipointtransfer',
    label: 'Multiplayer Point Transfer',
    menuLabels: { player: 'Multipoint Transfer' },
    menu: 'Reports',
    audience: 'everyone',
    api: ['multiPointTransfer'],
    subjects: 'everyone', // transfers: any account has them
  },
  {
    key: 'dailyStatus',
    path: 'reports/dailystatus',
    label: 'Daily Status',
    menu: 'Reports',
    audience: 'agents',
    api: ['dailyStatus', 'dailyStatusMembers'],
  },
  {
    key: 'agentDetails',
    path: 'reports/agentdetails',
    label: 'Agent Details',
    menu: 'Reports',
    audience: 'agents',
    api: ['agentDetails'],
  },
  {
    key: 'revenueRecovery',
    path: 'reports/revenuerecovery',
    label: 'Revenue Recovery',
    menu: 'Reports',
    audience: 'managers',
    api: ['revenueRecovery'],
  },
  {
    key: 'computerLoan',
    path: 'reports/computerloan',
    label: 'Computer Loan',
    menu: 'Reports',
    audience: 'managers',
    api: ['computerLoan'],
  },
  {
    key: 'multipleCybers',
    path: 'reports/multiplecybers',
    label: 'Multiple Cybers',
    menu: 'Reports',
    audience: 'managers',
    api: ['multipleCybers'],
  },
  {
    key: 'nonPerforming',
    path: 'reports/nonperfomeragent',
    label: 'Non Performing CCS',
    menu: 'Reports',
    audience: 'managers',
    api: ['nonPerforming'],
  },
  {
    key: 'agentStatus',
    path: 'reports/agenstatus',
    label: 'Agent Status',
    menu: 'Reports',
    audience: 'managers',
    api: ['agentStatus'],
  },
  {
    key: 'balanceReport',
    path: 'reports/balancereport',
    label: 'Balance Report',
    menu: 'Reports',
    audience: 'managers',
    api: ['balanceReport', 'balanceChildren'],
  },
  {
    key: 'cafeProfit',
    path: 'reports/cafeprofit',
    label: 'Cafe Profit',
    menu: 'Reports',
    audience: 'agents',
    api: ['cafeProfit', 'cafeTerminals'],
  },
  {
    key: 'trends',
    path: 'reports/trends',
    label: 'Trends',
    menu: 'Reports',
    audience: 'agents', // every role with accounts below it
    api: ['trends'],
  },
  {
    // Not in the menus: every player username in a report links here, and the subject picker finds players.
    key: 'member',
    path: MEMBER_PAGE_PATH,
    label: 'Member',
    audience: 'agents', // every role above a member
    api: ['member', 'memberPlays', 'memberTransfers'],
  },
  ...drawScreens,
  {
    key: 'agentMail',
    path: 'mailreports/agentmaildetails',
    label: 'Agent Mail Details',
    menu: 'Mail Report',
    audience: 'agents',
    api: ['agentMail'],
  },
  {
    key: 'managerMail',
    path: 'mailreports/managermaildetails',
    label: 'Manager Mail Details',
    menu: 'Mail Report',
    audience: 'managers',
    api: ['managerMail'],
  },
  {
    key: 'weeklyDetails',
    path: 'weeklydetailsreport',
    label: 'Weekly Details Report',
    menu: 'Weekly Details Reports',
    audience: 'agents',
    api: ['weeklyDetails'],
    subjects: 'everyone', // transfers: any account has them
  },
  {
    key: 'accounts',
    path: 'admin/accounts',
    label: 'Accounts',
    menu: 'Administration',
    audience: 'agents', // every role with accounts below it
    api: ['accounts', 'issueLink', 'issueLinks', 'blockAccount', 'unblockAccount'],
  },
  {
    key: 'mail',
    path: 'admin/mail',
    label: 'Mail',
    menu: 'Administration',
    audience: 'superadmin',
    api: ['mailOutbox', 'mailPreview', 'mailRetry'],
  },
  {
    key: 'activity',
    path: 'admin/activity',
    label: 'Activity',
    menu: 'Administration',
    audience: 'everyone', // everyone sees their own; a manager its subtree's; admins everything
    api: ['activity'],
    subjects: 'everyone', // about the caller, whatever its role
  },
  {
    key: 'platform',
    path: 'admin/platform',
    label: 'Platform',
    menu: 'Administration',
    audience: 'superadmin',
    api: ['platform', 'feedKeyCreate', 'feedKeyRevoke'],
  },
] as const satisfies readonly ScreenRow[];

/** The name of every screen (`drawDetails-{game slug}` for the four draw screens). */
export type ScreenKey = (typeof SCREEN_TABLE)[number]['key'];
export type Screen = ScreenRow<ScreenKey>;

export const SCREENS: readonly Screen[] = SCREEN_TABLE;

/** Calls that belong to no single screen: the account picker in every manager's report header. */
const SHARED_CALLS: Partial<Record<ReportCall, Audience>> = {
  accountSearch: 'managers',
  // Clearing a lost phone's two-step: every role with accounts below it (the Accounts screen's action).
  twoStepClear: 'agents',
};

export const MENU_ORDER: readonly MenuGroup[] = [
  'Today',
  'Reports',
  'Draw Details',
  'Mail Report',
  'Weekly Details Reports',
  'Administration',
];

/** The landing screen of every role (docs/domain.md). */
export const HOME_PATH = 'reports/pointtransfer';

export function canOpenScreen(role: Role, screen: Screen): boolean {
  return (AUDIENCES[screen.audience] as readonly Role[]).includes(role);
}

export function screensFor(role: Role): Screen[] {
  return SCREENS.filter((s) => canOpenScreen(role, s));
}

export interface MenuSection {
  title: MenuGroup;
  items: { label: string; path: string }[];
}

/** How a role's menu names a screen: its own wording where it has one, else the screen's label. */
function menuLabelOf(screen: Screen, role: Role): string {
  return screen.menuLabels?.[role] ?? screen.label;
}

/** The menu of a role: exactly the screens it may open, grouped, in menu order. */
export function menuFor(role: Role): MenuSection[] {
  const mine = screensFor(role);
  return MENU_ORDER.map((title) => ({
    title,
    items: mine.filter((s) => s.menu === title).map((s) => ({ label: menuLabelOf(s, role), path: `/${role}/${s.path}` })),
  })).filter((section) => section.items.length > 0);
}

/** Role gate of every /api/playrep/* call, derived from the screens that make it. */
export const API_ROLES: Readonly<Partial<Record<ReportCall, readonly Role[]>>> = (() => {
  const table: Partial<Record<ReportCall, Set<Role>>> = {};
  const grant = (call: ReportCall, audience: Audience) => {
    const roles = table[call] ?? new Set<Role>();
    for (const r of AUDIENCES[audience]) roles.add(r);
    table[call] = roles;
  };
  for (const s of SCREENS) for (const call of s.api) grant(call, s.audience);
  for (const [call, audience] of Object.entries(SHARED_CALLS) as [ReportCall, Audience][]) grant(call, audience);
  return Object.fromEntries(Object.entries(table).map(([call, roles]) => [call, ROLES.filter((r) => roles.has(r))]));
})();

export function mayCall(role: Role, call: string): boolean {
  return API_ROLES[call as ReportCall]?.includes(role) ?? false;
}

/** The roles a screen's report may be about (its `subjects`, default the accounts with a commission). */
export function subjectRolesOf(screen: Screen): readonly Role[] {
  return AUDIENCES[screen.subjects ?? 'agents'];
}

/**
 * Calls that take wider subjects than their screens' pickers offer: the mail report also takes a
 * member's id, for that member's own statement (docs/screens.md, Agent Mail Details).
 */
const CALL_SUBJECTS: Partial<Record<ReportCall, Audience>> = {
  agentMail: 'everyone',
};

/** Subject roles of every call a screen makes: the union over its screens (and CALL_SUBJECTS), as for API_ROLES. */
export const API_SUBJECT_ROLES: Readonly<Partial<Record<ReportCall, readonly Role[]>>> = (() => {
  const calls = new Set(SCREENS.flatMap((s) => s.api));
  const rolesOf = (call: ReportCall): readonly Role[] => {
    const wider = CALL_SUBJECTS[call];
    if (wider) return AUDIENCES[wider];
    return ROLES.filter((r) => SCREENS.some((s) => s.api.includes(call) && subjectRolesOf(s).includes(r)));
  };
  return Object.fromEntries([...calls].map((call) => [call, rolesOf(call)]));
})();

/** True when an account of `role` may be the subject of `call`; calls of no screen (the account picker) take anyone. */
export function maySubject(call: string, role: Role): boolean {
  return API_SUBJECT_ROLES[call as ReportCall]?.includes(role) ?? true;
}
