import { HOME_PATH, type Role } from '@playrep/contracts';

/** Every path the shell itself navigates to; screen paths come from the permission table. */
export const LOGIN_PATH = '/auth/login';

/** Base of a role area: `/{role}`. */
export function roleBasePath(role: Role): string {
  return `/${role}`;
}

/** Where the route guard sends a user who opened another role's path (spec section 5). */
export function roleReportsPath(role: Role): string {
  return `/${role}/reports`;
}

/** The landing page of a role after sign-in and for unknown sub-paths (spec section 2). */
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
