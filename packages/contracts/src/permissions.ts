import type { ReportCall } from './endpoints.js';
import { isRole, ROLES, type Role } from './roles.js';
import { ACTIVITY_SCREENS } from './screens/activity.js';
import { DRAW_SCREENS, isDrawScreenKey } from './screens/draws.js';
import { ACCESS_SCREENS } from './screens/identity-access.js';
import { INSIGHT_SCREENS } from './screens/insight.js';
import { CAFE_TRENDS_SCREENS } from './screens/insight-cafe-trends.js';
import { WEEK_GLANCE_SCREENS } from './screens/insight-week-glance.js';
import { MAIL_SCREENS } from './screens/mail.js';
import { MEMBER_PAGE_PATH, MEMBER_SCREENS } from './screens/members.js';
import { MONEY_SCREENS } from './screens/money.js';
import { NETWORK_SCREENS } from './screens/network.js';
import { PLATFORM_SCREENS } from './screens/platform.js';
import { AUDIENCES, type Audience, MENU_ORDER, type MenuGroup, type ScreenRow } from './screens/screen-row.js';
import { TRANSFER_SCREENS } from './screens/transfers.js';

/**
 * The one permission table (docs/domain.md, "Who sees what"). The server's role gates, the web routes and
 * the menus are all derived from it; nothing else decides who may open what. Each family of
 * reports declares its screens in its own module (`*_SCREENS` in screens/); this module puts them
 * together and derives the rest.
 */
export { MEMBER_PAGE_PATH } from './screens/members.js';
export { AUDIENCES, type Audience, MENU_ORDER, type MenuGroup, type OneTable } from './screens/screen-row.js';

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
  return isDrawScreenKey(screen.key);
}

/**
 * The screens of every family, as written: `as const`, so that their keys form a type (ScreenKey)
 * and the web app's screen registry, a record over it, does not compile while a screen has no page.
 */
const SCREEN_TABLE = [
  ...INSIGHT_SCREENS,
  ...CAFE_TRENDS_SCREENS,
  ...WEEK_GLANCE_SCREENS,
  ...MONEY_SCREENS,
  ...TRANSFER_SCREENS,
  ...NETWORK_SCREENS,
  ...MEMBER_SCREENS,
  ...DRAW_SCREENS,
  ...ACCESS_SCREENS,
  ...MAIL_SCREENS,
  ...ACTIVITY_SCREENS,
  ...PLATFORM_SCREENS,
] as const satisfies readonly ScreenRow[];

/** The name of every screen (`drawDetails-{game slug}` for the four draw screens). */
export type ScreenKey = (typeof SCREEN_TABLE)[number]['key'];
export type Screen = ScreenRow<ScreenKey>;

/** Where a screen sits in the menu: its section's place, then its order there; screens outside the menu last. */
function menuPlace(screen: Screen): [number, number] {
  return screen.menu ? [MENU_ORDER.indexOf(screen.menu.section), screen.menu.order] : [MENU_ORDER.length, 0];
}

/** Every screen, in menu order. */
export const SCREENS: readonly Screen[] = [...(SCREEN_TABLE as readonly Screen[])].sort((a, b) => {
  const [sectionA, orderA] = menuPlace(a);
  const [sectionB, orderB] = menuPlace(b);
  return sectionA - sectionB || orderA - orderB;
});

/** Calls that belong to no single screen: the account picker in every manager's report header. */
const SHARED_CALLS: Partial<Record<ReportCall, Audience>> = {
  accountSearch: 'managers',
  // Clearing a lost phone's two-step: every role with accounts below it (the Accounts screen's action).
  twoStepClear: 'agents',
  // The account page's news by mail (docs/domain.md, "The owner's week"): every agent and manager.
  mailNews: 'agents',
  digestEmails: 'agents',
  digestNow: 'agents',
  bigWinEmails: 'agents',
};

/** The landing screen of every role (docs/domain.md). */
export const HOME_PATH = 'reports/pointtransfer';

export function canOpenScreen(role: Role, screen: Screen): boolean {
  return (AUDIENCES[screen.audience] as readonly Role[]).includes(role);
}

/** The screen of a key: every key names one (a missing one is a programming error). */
export function screenOf(key: ScreenKey): Screen {
  const screen = SCREENS.find((s) => s.key === key);
  if (!screen) throw new Error(`no screen ${key}`);
  return screen;
}

export function screensFor(role: Role): Screen[] {
  return SCREENS.filter((s) => canOpenScreen(role, s));
}

/**
 * The screen of a role area's path (`/{role}/...`) that `role`'s area has there: the screen at that
 * path, or the draw details page for any game; undefined outside the role areas and for a path
 * without a screen of the role (the bare area, an unknown path).
 */
export function screenOfPath(pathname: string): Screen | undefined {
  const [role, ...rest] = pathname.split('/').filter(Boolean);
  if (!isRole(role)) return undefined;
  const screens = screensFor(role);
  if (rest[0] === 'drawdetails') return screens.find(isDrawScreen);
  const path = rest.join('/');
  return screens.find((s) => s.path === path);
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
    items: mine
      .filter((s) => s.menu?.section === title)
      .map((s) => ({ label: menuLabelOf(s, role), path: `/${role}/${s.path}` })),
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
