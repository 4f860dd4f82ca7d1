/**
 * Method and path of the calls the web app makes, in a module without zod: the browser takes its
 * calls from here, so the schemas of the endpoint table (endpoints.ts, built on these) never reach
 * a phone. The server checks every answer against its schema before sending it.
 */

/** The sign-in, session and sign-out calls. */
export const AUTH_CALLS = {
  login: { method: 'POST', path: '/auth/login' },
  session: { method: 'GET', path: '/auth/session' },
  logout: { method: 'POST', path: '/auth/logout' },
  /** Sign-out as a GET too (docs/screens.md, Role area). */
  logoutLink: { method: 'GET', path: '/auth/logout' },
} as const;

/** An account's own email address and weekly statement setting, its confirmation, the unsubscribe (docs/domain.md, "Mail and statements"). */
export const EMAIL_CALLS = {
  emailState: { method: 'GET', path: '/auth/email' },
  setEmail: { method: 'POST', path: '/auth/email' },
  statementEmails: { method: 'POST', path: '/auth/email/statements' },
  confirmEmail: { method: 'POST', path: '/auth/email/confirm' },
  unsubscribe: { method: 'POST', path: '/mail/unsubscribe' },
} as const;

/** Sign-in links, the caller's password and account page, forgot password (docs/domain.md, "Access"). */
export const ACCESS_CALLS = {
  linkInfo: { method: 'POST', path: '/auth/link' },
  useLink: { method: 'POST', path: '/auth/link/use' },
  forgotPassword: { method: 'POST', path: '/auth/forgot' },
  changePassword: { method: 'POST', path: '/auth/password' },
  myAccount: { method: 'GET', path: '/auth/account' },
  setLanguage: { method: 'POST', path: '/auth/language' },
} as const;

/** An account's own two-step sign-in (docs/domain.md, "Access"): the account page's section. */
export const TWO_STEP_CALLS = {
  twoStepState: { method: 'GET', path: '/auth/two-step' },
  twoStepSetup: { method: 'POST', path: '/auth/two-step/setup' },
  twoStepConfirm: { method: 'POST', path: '/auth/two-step/confirm' },
  twoStepOff: { method: 'POST', path: '/auth/two-step/off' },
  twoStepRecoveryCodes: { method: 'POST', path: '/auth/two-step/recovery-codes' },
} as const;

/** The web page of a sign-in link (its secret after `#`) and of forgot password, open without signing in. */
export const ACCESS_PAGES = { welcome: '/auth/welcome', forgot: '/auth/forgot' } as const;

/**
 * The web pages a mail links to, open without signing in: the confirmation of an address (its
 * secret after `#`) and the weekly statement's unsubscribe (`?account&token`).
 */
export const MAIL_PAGES = { confirmEmail: '/auth/confirm-email', unsubscribe: '/mail/unsubscribe' } as const;

/**
 * The /api/playrep report calls: a call's path on the wire is `/api/playrep/{its name in lower
 * case}` (cafeProfit: /api/playrep/cafeprofit), except where the product named the call otherwise:
 * those names are below and never change with the code. docs/screens.md, "Screens at a glance", gives both.
 */
export const SPEC_PATH_NAMES = {
  pointTransfer: 'pointtransferreport',
  multiPointTransfer: 'multipointtransferreport',
  weeklyDetails: 'weeklydetailsreport',
  agentStatus: 'findstatus',
  revenue: 'revenuereport',
  revenueById: 'revenuereportbyid',
  pokerRevenue: 'pokerrevenuereport',
  agentMail: 'mailreport',
  managerMail: 'managermailreport',
} as const;

/** The last part of a report call's path: the product's name, or the call's name in lower case. */
export type ReportPathName<N extends string> = N extends keyof typeof SPEC_PATH_NAMES
  ? (typeof SPEC_PATH_NAMES)[N]
  : Lowercase<N>;

/** The path of a report call below /api: `/playrep/{its path name}`. */
export function reportPath<N extends string>(name: N): `/playrep/${ReportPathName<N>}` {
  const specName: string | undefined = (SPEC_PATH_NAMES as Readonly<Record<string, string>>)[name];
  return `/playrep/${specName ?? name.toLowerCase()}` as `/playrep/${ReportPathName<N>}`;
}
