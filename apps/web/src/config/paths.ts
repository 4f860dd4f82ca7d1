import { HOME_PATH, type Role } from '@playrep/contracts';

/** Every path the shell itself navigates to; screen paths come from the permission table. */
export const LOGIN_PATH = '/auth/login';
/** The caller's two-step sign-in, where a role of REQUIRE_TWO_STEP goes after signing in until it is on. */
export const TWO_STEP_PATH = '/auth/two-step';

/** The account page, in every role's area (`/{role}/account`), opened from the name in the header. */
export const ACCOUNT_PAGE = 'account';

/** Base of a role area: `/{role}`. */
export function roleBasePath(role: Role): string {
  return `/${role}`;
}

/** Where the route guard sends a user who opened another role's path (docs/screens.md, Routes). */
export function roleReportsPath(role: Role): string {
  return `/${role}/reports`;
}

/** The landing page of a role after sign-in and for unknown sub-paths (docs/screens.md, Routes). */
export function roleHomePath(role: Role): string {
  return `/${role}/${HOME_PATH}`;
}

/** Absolute path of a screen (its `path` is relative to the role area). */
export function screenPath(role: Role, relativePath: string): string {
  return `/${role}/${relativePath}`;
}

/** The role whose area a pathname lies in, if any. */
export function roleSegment(pathname: string): string | undefined {
  return pathname.split('/').filter(Boolean)[0];
}
