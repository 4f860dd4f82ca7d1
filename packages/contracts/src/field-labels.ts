/**
 * The labels people read beside the inputs of the screens (docs/screens.md), by the call and the
 * field of it that the input fills. The screen shows the label, and the server names the field by
 * it when it refuses the value ("Big wins from (points) must be more than 0"): one text for both.
 * A field without a label here (a feed event's, `sort`) is named as the API names it.
 */

/** The report dates, alike on every screen (docs/screens.md, Every report screen). */
export const DATE_LABELS = { fromDate: 'From Date', toDate: 'To Date', date: 'Select Date' } as const;

/** The pager of every table: the page shown (in the address of a list paged on the server) and its size. */
const PAGING_LABELS = { page: 'Page', pageSize: 'Rows per page' } as const;

/** A call's labels by field, for the calls whose fields a person fills (type or choose) on a screen. */
export const FIELD_LABELS = {
  login: { username: 'User Name', password: 'Password', code: 'Code' },
  useLink: { password: 'New password' },
  forgotPassword: { username: 'Username' },
  changePassword: { currentPassword: 'Current password', newPassword: 'New password' },
  setLanguage: { language: 'Language' },
  setEmail: { email: 'New email address' },
  twoStepConfirm: { code: 'Code from the app' },
  twoStepOff: { code: 'Code or recovery code' },
  twoStepRecoveryCodes: { code: 'Code or recovery code' },
  pointTransfer: { memberId: 'Member ID' },
  multiPointTransfer: { memberId: 'Member ID' },
  dailyStatusMembers: { agentId: 'Agent ID' },
  agentStatus: { agentId: 'Agent ID' },
  balanceReport: { agentId: 'Agent ID' },
  balanceChildren: { agentId: 'Agent ID' },
  revenueRecovery: { username: 'Agent ID' },
  member: { username: 'Member ID' },
  memberPlays: { username: 'Member ID', ...PAGING_LABELS },
  memberTransfers: { username: 'Member ID', ...PAGING_LABELS },
  drawDetails: PAGING_LABELS,
  trends: { weeks: 'Weeks', ...PAGING_LABELS },
  weekGlance: PAGING_LABELS,
  todayThreshold: { threshold: 'Big wins from (points)' },
  digestEmails: { on: 'Email me a daily digest', hour: 'Hour (IST)' },
  bigWinEmails: { on: 'Email me big wins' },
  cafeProfit: PAGING_LABELS,
  cafeTrends: { weeks: 'Weeks', ...PAGING_LABELS },
  accounts: { role: 'Role', state: 'State', q: 'Username or name', ...PAGING_LABELS },
  activity: { kind: 'Kind', actor: 'By (username)', subject: 'Account (username)', ...PAGING_LABELS },
  mailOutbox: {
    state: 'State',
    kind: 'Kind',
    recipient: 'Recipient or account',
    week: 'Week (any day of it)',
    ...PAGING_LABELS,
  },
  feedKeyCreate: { name: 'New feed key name' },
} as const satisfies Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * A refusal of a field, naming it by its label: a predicate follows it ("Weeks must be one of 4,
 * 8, 12, 26", "Password is required"), a sentence comes after a colon ("New password: It must
 * be at least 8 characters long.").
 */
export function fieldMessage(label: string, message: string): string {
  return /^[a-z]/.test(message) ? `${label} ${message}` : `${label}: ${message}`;
}
