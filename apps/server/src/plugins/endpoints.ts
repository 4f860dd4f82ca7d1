import {
  type CallBody,
  type CallName,
  type CallPathParams,
  type CallQuery,
  ENDPOINTS,
  type EndpointAccess,
  type EndpointDef,
  type ExportDef,
  type ExportFormat,
  type ExportLanguage,
  fieldLabels,
  LABELS_HI,
  SESSION_EXPIRED_MESSAGE,
} from '@playrep/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { unauthorized } from '../lib/http-error.js';
import { type Download, downloadFile } from '../modules/export/download.js';
import { type ExportTable, sendExport } from '../modules/export/table-export.js';
import type { AuthContext } from './context.js';

/**
 * Routes come from the contracts' endpoint table: a module supplies only the handlers, keyed by
 * call name, and this registers each one with the table's method, path, schemas and call name.
 * The type of the handler map makes a missing or misspelt call a compile error.
 */

/**
 * The session a call of each access kind is handled with: a `session` or `report` call is refused
 * (401) before its handler without one; a `public` call may carry one (signing out, the session
 * check); a `feed` call is made with a feed key, never a session.
 */
type AuthOf<A extends EndpointAccess> = A extends 'session' | 'report'
  ? AuthContext
  : A extends 'feed'
    ? null
    : AuthContext | null;

/** A request of a signed-in call (`session` or `report`): its session is there. */
export type SignedInRequest = FastifyRequest & { auth: AuthContext };

export type EndpointRequest<N extends CallName> = FastifyRequest<{
  Querystring: CallQuery<N>;
  Params: CallPathParams<N>;
  Body: CallBody<N>;
}> & { auth: AuthOf<(typeof ENDPOINTS)[N]['access']> };

type SuccessBody<N extends CallName> = z.input<(typeof ENDPOINTS)[N]['response']>;

type ExportsOf<N extends CallName> = (typeof ENDPOINTS)[N] extends { exports: infer E extends ExportDef } ? E : never;

/**
 * The answer of a report with downloads (`exports` in the endpoint table): its JSON body and its
 * download, each made only when the request asks for it (a download may read every row where
 * the JSON body reads a page). The endpoint plugin picks one by the query's `format`.
 */
export interface ReportAnswer<N extends CallName> {
  json(): SuccessBody<N> | Promise<SuccessBody<N>>;
  download(): Download<ExportsOf<N>> | Promise<Download<ExportsOf<N>>>;
}

/**
 * A handler answers the success body, or sends the reply itself (another status); a report with
 * downloads answers both ways (ReportAnswer).
 */
export type EndpointHandler<N extends CallName> = (
  request: EndpointRequest<N>,
  reply: FastifyReply,
) => Promise<[ExportsOf<N>] extends [never] ? SuccessBody<N> | FastifyReply : ReportAnswer<N>>;

/**
 * A handler with route options of its own (for example `attachValidation`, or a larger
 * `bodyLimit`). `bodyCheckedByHandler`: the body's schema documents the call, but the handler
 * checks the body itself (a feed batch, in slices) and the route does not.
 */
export interface EndpointRoute<N extends CallName> {
  handler: EndpointHandler<N>;
  options?: Pick<RouteShorthandOptions, 'attachValidation' | 'onRequest' | 'bodyLimit'> & { bodyCheckedByHandler?: boolean };
}

/** The validator of a route whose handler checks its input itself: everything passes as it is. */
const takenAsIs: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

export type EndpointHandlers<N extends CallName> = { [K in N]: EndpointHandler<K> | EndpointRoute<K> };

/** Route hook of `session` calls: 401 before anything else (validation included) when there is no live session. */
async function sessionRequired(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthorized(SESSION_EXPIRED_MESSAGE);
}

function schemaOf(endpoint: EndpointDef): FastifySchema {
  return {
    summary: endpoint.summary,
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response: { [endpoint.status ?? 200]: endpoint.response, ...endpoint.otherResponses },
  };
}

/**
 * Registers handlers in `scope`, which has the hooks their calls' access kinds need (the session
 * reader; for reports also the scope guard). A handler of another kind is a programming error
 * and stops the start.
 */
export function registerEndpoints<N extends CallName>(
  scope: FastifyInstance,
  accesses: readonly EndpointAccess[],
  handlers: EndpointHandlers<N>,
): void {
  for (const name of Object.keys(handlers) as N[]) {
    const endpoint = ENDPOINTS[name] as EndpointDef;
    if (!accesses.includes(endpoint.access)) {
      throw new Error(`registerEndpoints: ${name} is a ${endpoint.access} call, registered with ${accesses.join(', ')} ones`);
    }
    const entry = handlers[name] as EndpointHandler<N> | EndpointRoute<N>;
    const route = typeof entry === 'function' ? { handler: entry } : entry;
    const onRequest = [...(endpoint.access === 'session' ? [sessionRequired] : []), ...hooksOf(route.options?.onRequest)];
    scope.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { call: name, changesState: endpoint.changesState ?? false, labels: fieldLabels(name) },
      schema: schemaOf(endpoint),
      ...(route.options?.attachValidation ? { attachValidation: true } : {}),
      ...(route.options?.bodyLimit ? { bodyLimit: route.options.bodyLimit } : {}),
      ...(route.options?.bodyCheckedByHandler ? { validatorCompiler: takenAsIs } : {}),
      ...(onRequest.length > 0 ? { onRequest } : {}),
      handler: (endpoint.exports ? answeringDownloads(endpoint.exports, route.handler) : route.handler) as never,
    });
  }
}

/** The handler of a report with downloads: the JSON body, or with `format` the file built from the table's `exports`. */
function answeringDownloads<N extends CallName>(exports: ExportDef, handler: EndpointHandler<N>) {
  return async (request: EndpointRequest<N>, reply: FastifyReply) => {
    const answer = (await handler(request, reply)) as ReportAnswer<N>;
    const format = (request.query as { format?: ExportFormat } | undefined)?.format;
    if (format === undefined) return answer.json();
    const download = (await answer.download()) as Download;
    const { name, tables } = downloadFile(exports, download);
    const lang = (request.query as { lang?: ExportLanguage } | undefined)?.lang;
    return sendExport(reply, format, name, lang === 'hi' && format !== 'pdf' ? inHindi(tables) : tables, download.pdf);
  };
}

/**
 * A download's tables with their column headers and titles in Hindi (`lang=hi`): the contracts'
 * LABELS_HI, as the Hindi screens show them; a title or header it has no Hindi for stays as it is.
 * The rows are the same.
 */
function inHindi(tables: readonly ExportTable[]): ExportTable[] {
  return tables.map((table) => ({
    ...table,
    title: LABELS_HI[table.title] ?? table.title,
    columns: table.columns.map((column) => ({ ...column, header: LABELS_HI[column.header] ?? column.header })),
  }));
}

function hooksOf<T>(hook: T | T[] | undefined): T[] {
  if (hook === undefined) return [];
  return Array.isArray(hook) ? hook : [hook];
}
