import type { z } from 'zod';
import { reportPath } from './call-paths.js';
import type { ColumnDef } from './tables/columns.js';
import {
  sectionCounterpartyHeader,
  sectionTitle,
  TRANSFER_SECTION_KEYS,
  type TransferSectionKey,
  transferColumns,
} from './tables/transfers.js';

/**
 * The shape of an entry of the endpoint table (endpoints.ts) and the helpers that write entries. Each
 * family's entries sit beside its schemas (api/*.ts); endpoints.ts puts them together.
 *
 * Access:
 * - `public`: no session needed (sign-in, health);
 * - `session`: any signed-in account (its own session, an account in its subtree, signup);
 * - `report`: a /api/playrep report: a session, the role gate of the permission table (the screens
 *   that make the call) and the scope rule for every account parameter, before the handler runs;
 * - `feed`: a /api/feed call of the game platform: a feed key as Bearer token. A feed key opens
 *   nothing else, and a session opens nothing there (401 both ways).
 */
export type EndpointAccess = 'public' | 'session' | 'report' | 'feed';
export type HttpMethod = 'GET' | 'POST';

export interface EndpointDef {
  method: HttpMethod;
  /** Below /api, e.g. '/playrep/revenuereport'. */
  path: string;
  access: EndpointAccess;
  /** One line for the OpenAPI document. */
  summary: string;
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** The success answer. */
  response: z.ZodType;
  /** Status of the success answer (default 200). */
  status?: 200 | 201;
  /** Other answers with a body of their own shape (every error is at least `{ message }`). */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
  /** The call's downloads (`format=csv|xlsx`, and `pdf` where its query allows it). */
  exports?: ExportDef;
  /** A GET that changes state (the GET sign-out): the Origin check applies as to a POST. */
  changesState?: boolean;
}

/**
 * A report's download: its file name and its sheets. The handler supplies the rows and what the
 * file is about (an account, dates), the endpoint plugin builds the file: no handler names a format.
 */
export interface ExportDef {
  /** The file name's start: `agent-details` makes `agent-details-<about...>.csv`. */
  file: string;
  /** In file order. A PDF's layout refers to them by position. */
  sheets: Readonly<Record<string, ExportSheetDef>>;
}

export interface ExportSheetDef {
  /**
   * The table's title (a CSV's heading, an Excel sheet's name); a function of a name the handler
   * gives (a game, an account, a week) where the title carries it.
   */
  title: string | ((name: string) => string);
  /**
   * The same column list the screen's table shows, so a label never differs between the two; or
   * COLUMNS_GIVEN where the columns depend on the request (Trends: one per week shown), and the
   * handler gives them with the rows, from the same function the screen uses.
   */
  columns: readonly ColumnDef[] | typeof COLUMNS_GIVEN;
}

/** A sheet whose columns the handler gives at run time (ExportSheetDef.columns). */
export const COLUMNS_GIVEN = 'given by the handler';

/** The six sections of a transfer report as export sheets, with the title and counterparty header each one shows. */
export function transferExports(
  file: string,
  { multiplayerTitles = false, counterpartyHeader }: { multiplayerTitles?: boolean; counterpartyHeader?: string } = {},
): { file: string; sheets: Record<TransferSectionKey, ExportSheetDef> } {
  const sheets: Partial<Record<TransferSectionKey, ExportSheetDef>> = {};
  for (const key of TRANSFER_SECTION_KEYS) {
    sheets[key] = {
      title: sectionTitle(key, multiplayerTitles),
      columns: transferColumns(counterpartyHeader ?? sectionCounterpartyHeader(key)),
    };
  }
  return { file, sheets: sheets as Record<TransferSectionKey, ExportSheetDef> };
}

/** A download of one sheet. */
export const oneSheet = <K extends string>(file: string, key: K, title: string, columns: readonly ColumnDef[]) =>
  ({ file, sheets: { [key]: { title, columns } } as Record<K, { title: string; columns: readonly ColumnDef[] }> }) as const;

export const report = <N extends string>(name: N, summary: string) =>
  ({ method: 'GET', path: reportPath(name), access: 'report', summary }) as const;

/**
 * The heads of the entries of a family of the web app's own calls (call-paths.ts) that `access`
 * opens: for a call's name, its method and path, `access` and its summary, as report() gives a
 * report's.
 */
export function webCalls<C extends Readonly<Record<string, { method: HttpMethod; path: string }>>, A extends EndpointAccess>(
  calls: C,
  access: A,
) {
  return <N extends keyof C>(name: N, summary: string) => ({ ...calls[name], access, summary });
}
