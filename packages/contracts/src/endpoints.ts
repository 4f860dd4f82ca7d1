import type { z } from 'zod';
import { ACTIVITY_ENDPOINTS } from './api/activity.js';
import { DRAW_ENDPOINTS } from './api/draws.js';
import { FEED_ENDPOINTS } from './api/feed.js';
import { HEALTH_ENDPOINTS } from './api/health.js';
import { AUTH_ENDPOINTS } from './api/identity.js';
import { ACCESS_ENDPOINTS, ACCOUNTS_SCREEN_ENDPOINTS } from './api/identity-access.js';
import { TWO_STEP_ENDPOINTS } from './api/identity-two-step.js';
import { INSIGHT_ENDPOINTS } from './api/insight.js';
import { CAFE_TRENDS_ENDPOINTS } from './api/insight-cafe-trends.js';
import { WEEK_GLANCE_ENDPOINTS } from './api/insight-week-glance.js';
import { EMAIL_ENDPOINTS, MAIL_NEWS_ENDPOINTS, MAIL_SCREEN_ENDPOINTS } from './api/mail.js';
import { MEMBER_ENDPOINTS } from './api/members.js';
import { MONEY_ENDPOINTS } from './api/money.js';
import { NETWORK_ENDPOINTS } from './api/network.js';
import { PLATFORM_ENDPOINTS } from './api/platform.js';
import { TRANSFER_ENDPOINTS } from './api/transfers.js';
import type { EndpointDef } from './endpoint-def.js';
import { DATE_LABELS, FIELD_LABELS } from './field-labels.js';
import { API_ROLES, API_SUBJECT_ROLES } from './permissions.js';
import { ROLES as ALL_ROLES, type Role } from './roles.js';

export * from './endpoint-def.js';

/**
 * The one table of every call of /api: method, path, schemas, export columns and who may make it.
 * The server registers its routes from it, the web client derives its calls from it, and the
 * OpenAPI document and the authorization matrix read it. A call is added here first: in its
 * family's entries, beside its schemas (api/*.ts), in the order the OpenAPI document lists them.
 */
const DEFS = {
  ...HEALTH_ENDPOINTS,
  ...AUTH_ENDPOINTS,
  ...ACCESS_ENDPOINTS,
  ...EMAIL_ENDPOINTS,
  ...TWO_STEP_ENDPOINTS,
  ...TRANSFER_ENDPOINTS,
  ...DRAW_ENDPOINTS,
  ...NETWORK_ENDPOINTS,
  ...MONEY_ENDPOINTS,
  ...INSIGHT_ENDPOINTS,
  ...CAFE_TRENDS_ENDPOINTS,
  ...WEEK_GLANCE_ENDPOINTS,
  ...MEMBER_ENDPOINTS,
  ...MAIL_SCREEN_ENDPOINTS,
  ...MAIL_NEWS_ENDPOINTS,
  ...ACCOUNTS_SCREEN_ENDPOINTS,
  ...ACTIVITY_ENDPOINTS,
  ...PLATFORM_ENDPOINTS,
  ...FEED_ENDPOINTS,
} as const satisfies Record<string, EndpointDef>;

type Defs = typeof DEFS;

/** The name of every call. */
export type CallName = keyof Defs;

/** The /api/playrep report calls (role gate and scope guard). */
export type ReportCall = { [N in CallName]: Defs[N]['access'] extends 'report' ? N : never }[CallName];

export type Endpoint<N extends CallName = CallName> = Defs[N] & {
  name: N;
  /** Who may make the call (from the permission table for reports; every role otherwise). */
  roles: readonly Role[];
  /** Who a report may be about (the subject `id`); every role for the other calls. */
  subjectRoles: readonly Role[];
};

export const ENDPOINTS: { readonly [N in CallName]: Endpoint<N> } = Object.fromEntries(
  (Object.entries(DEFS) as [CallName, EndpointDef][]).map(([name, def]) => {
    const isReport = def.access === 'report';
    const roles = isReport ? (API_ROLES[name as ReportCall] ?? []) : ALL_ROLES;
    const subjectRoles = isReport ? (API_SUBJECT_ROLES[name as ReportCall] ?? ALL_ROLES) : ALL_ROLES;
    return [name, { ...def, name, roles, subjectRoles }];
  }),
) as unknown as { readonly [N in CallName]: Endpoint<N> };

export const CALL_NAMES = Object.keys(DEFS) as CallName[];

/** The labels of a call's fields as its screen shows them (field-labels.ts), the report dates' included. */
export function fieldLabels(name: CallName): Readonly<Record<string, string>> {
  return { ...DATE_LABELS, ...(FIELD_LABELS as { readonly [N in CallName]?: Readonly<Record<string, string>> })[name] };
}

/** Whether a call is a report. @internal Used by tests only (the permission matrix, the scope guard's). */
export function isReportCall(name: string): name is ReportCall {
  return name in DEFS && DEFS[name as CallName].access === 'report';
}

/** The parsed query of a call (what the server's handler reads). */
export type CallQuery<N extends CallName> = Defs[N] extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
/** The query a caller sends (what the web client passes), without the export format. */
export type CallParams<N extends CallName> = Defs[N] extends { query: infer Q extends z.ZodType }
  ? Omit<z.input<Q>, 'format'>
  : Record<string, never>;
export type CallPathParams<N extends CallName> = Defs[N] extends { params: infer P extends z.ZodType } ? z.output<P> : undefined;
export type CallBody<N extends CallName> = Defs[N] extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
export type CallBodyInput<N extends CallName> = Defs[N] extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
/** The success answer of a call. */
export type CallResponse<N extends CallName> = z.output<Defs[N]['response']>;
