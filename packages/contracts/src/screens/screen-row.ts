import type { ReportCall } from '../endpoints.js';
import { MANAGER_ROLES, ROLES, type Role } from '../roles.js';
import type { ColumnDef } from '../tables/columns.js';

/**
 * What a row of the permission table is made of (permissions.ts puts the rows together). Each
 * family of reports declares its screens in its own screens/ module: adding a report touches its
 * family's files, not a central list. A module of its own, apart from the column lists of tables/:
 * the permission table is in the first script every page loads, the column lists are in the pages
 * that show them.
 */

/** Who may open a screen, as named groups of roles (docs/domain.md, "Who sees what"). */
export const AUDIENCES = {
  everyone: ROLES,
  agents: [...MANAGER_ROLES, 'master'],
  managers: MANAGER_ROLES,
  superadmin: ['superadmin'],
} as const satisfies Record<string, readonly Role[]>;
export type Audience = keyof typeof AUDIENCES;

/** The menu's sections, in the order the menu shows them. */
export const MENU_ORDER = [
  'Today',
  'Reports',
  'Draw Details',
  'Mail Report',
  'Weekly Details Reports',
  'Administration',
] as const;
export type MenuGroup = (typeof MENU_ORDER)[number];

/**
 * A screen whose page is the report kit's one-table report: the subject picker, the filters named
 * here, and one table of `columns` over the answer's `data` rows (numbered when the columns have
 * Sr. No.), with its CSV and Excel links. Such a screen needs no page of its own.
 */
export interface OneTable {
  columns: readonly ColumnDef[];
  /** 'subject': the report subject alone; 'range': the subject and From Date / To Date (the last 7 days by default). */
  filters: 'subject' | 'range';
}

/** A row of the permission table, `K` its key. */
export interface ScreenRow<K extends string = string> {
  /**
   * The screen's name in the code: its page is `{Key}Page` in the web app's screen registry (the
   * report kit's one-table page for a screen with `oneTable`), and
   * its main call in the endpoint table has the same name (docs/screens.md, "Screens at a glance").
   * The wire keeps the product's names: the route is `path`, the calls' paths are in call-paths.ts.
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
  /**
   * Its menu section and its place there (a section lists its screens by `order`, each unique in
   * its section); none for a screen reached only from links (the member page).
   */
  menu?: { section: MenuGroup; order: number };
  audience: Audience;
  /** The /api/playrep/* calls this screen makes, its main call first (role gate of each call = union of its screens). */
  api: readonly ReportCall[];
  /**
   * Who may be this report's subject (the `id` of its calls, picked by a manager): the subject
   * picker offers only these and the server refuses another role with 400. Default 'agents':
   * the accounts with a commission, which the money, network and mail reports are about.
   */
  subjects?: Audience;
  /** Set when the screen is one table of its main call's rows, shown by the report kit's page. */
  oneTable?: OneTable;
}

/** A menu screen's row as written: `section` and `order` make its `menu`; the rest as in ScreenRow. */
export interface MenuScreenSpec<K extends string> extends Omit<ScreenRow<K>, 'menu' | 'audience'> {
  /** Default 'Reports'. */
  section?: MenuGroup;
  order: number;
  /** Default 'agents': every role with accounts below it. */
  audience?: Audience;
}

/**
 * The row of a screen in the menu. Most are reports in the Reports section for every role with
 * accounts below it, so a row names its section and audience only where they differ.
 */
export function menuScreen<K extends string>({
  section = 'Reports',
  order,
  audience = 'agents',
  ...row
}: MenuScreenSpec<K>): ScreenRow<K> {
  return { ...row, menu: { section, order }, audience };
}
