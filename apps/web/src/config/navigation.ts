import { HOME_PATH, isRole, menuFor, ROLES, type Role, SCREENS, type Screen, screenOfPath, screensFor } from '@playrep/contracts';
import { roleHomePath } from './paths';

export type { MenuSection } from '@playrep/contracts';
export type { Role, Screen };
/**
 * Navigation is built from the shared permission table in `packages/contracts` (docs/domain.md,
 * "Who sees what"): the routes, the menus and the screens a role may open all come from there.
 * There is no second list of screens in the web app.
 */
export { HOME_PATH, menuFor, ROLES, SCREENS, screensFor };

/** The point transfer screen: the landing page and what a bare `/{role}/reports` shows. */
export const HOME_SCREEN: Screen = (() => {
  const home = SCREENS.find((s) => s.path === HOME_PATH);
  if (!home) throw new Error(`The permission table has no screen at ${HOME_PATH}`);
  return home;
})();

/**
 * The screens a role's area serves. Logs 'No routes found for role' (docs/screens.md, Routes) when the
 * role is unknown or may open nothing.
 */
export function routesForRole(role: unknown): Screen[] {
  const screens = isRole(role) ? screensFor(role) : [];
  if (screens.length === 0) console.error('No routes found for role', role);
  return screens;
}

/**
 * Where a freshly signed-in user lands: `/{role}/reports/pointtransfer`, role lowercased.
 * `null` when the role is missing or unknown (the caller then goes to the login screen).
 */
export function landingPathFor(role: unknown): string | null {
  const normalised = typeof role === 'string' ? role.trim().toLowerCase() : role;
  if (routesForRole(normalised).length === 0 || !isRole(normalised)) return null;
  return roleHomePath(normalised as Role);
}

/**
 * The screen whose page a path in a role area most likely shows, to start loading its code early:
 * the screen at that path, the draw details page for any game, otherwise the landing screen (a
 * bare /{role}/reports and unknown sub-paths). The router still decides; a wrong guess only costs
 * a download.
 */
export function screenAtPath(pathname: string): Screen | undefined {
  if (!isRole(pathname.split('/').filter(Boolean)[0])) return undefined;
  return screenOfPath(pathname) ?? HOME_SCREEN;
}

/** What every screen page receives from the router: its row of the permission table and the role area. */
export interface ScreenPageProps {
  screen: Screen;
  role: Role;
}
