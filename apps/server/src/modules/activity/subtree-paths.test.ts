import type { Role } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../../test/fixtures/network.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { type ActivityFilters, type ActivitySort, countActivity, listActivity } from './queries.js';

/**
 * A network with a big subtree: am1 has 4 masters of 30 players each (125 accounts with itself,
 * more than the 100 whose page is read member by member, so its page walks the entries in time
 * order) beside am2's small one; every subtree's entries are counted member by member.
 */
function network(): [string, Role, string | null][] {
  const tree: [string, Role, string | null][] = [
    ['superadmin', 'superadmin', null],
    ['admin1', 'admin', 'superadmin'],
    ['sam1', 'superareamanager', 'admin1'],
    ['am1', 'areamanager', 'sam1'],
    ['am2', 'areamanager', 'sam1'],
    ['master9', 'master', 'am2'],
    ['player91', 'player', 'master9'],
    ['player92', 'player', 'master9'],
    ['idle', 'master', 'am2'],
  ];
  for (let m = 1; m <= 4; m++) {
    tree.push([`master${m}`, 'master', 'am1']);
    for (let p = 1; p <= 30; p++) tree.push([`player${m}_${p}`, 'player', `master${m}`]);
  }
  return tree;
}

interface Entry {
  id: string;
  at: Date;
  kind: string;
  actor: string | null;
  subject: string | null;
}

/**
 * The Activity of a subtree read by either plan (member by member through the account indexes, or
 * walking every entry in time order) holds the same entries in the same order, and counts them the
 * same, as the entries whose actor or subject is in the subtree worked out here from the tree.
 */
describe.each(TEST_DB_KINDS)('the activity of a subtree on %s', (kind) => {
  let database: TestDatabase;
  let ids: Record<string, string>;
  const tree = network();
  const entries: Entry[] = [];

  /** The accounts at or below `root`, from the tree's parent links. */
  const subtreeOf = (root: string) => {
    const inside = new Set([root]);
    for (const [username, , parent] of tree) if (parent !== null && inside.has(parent)) inside.add(username);
    return inside;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ids = await createAccounts(database.db, tree);
    const accounts = tree.map(([username]) => username).filter((u) => u !== 'idle');
    const parentOf = new Map(tree.map(([username, , parent]) => [username, parent]));
    // Every shape of entry, three to an instant (ties go by entry number): an account's own sign-in,
    // a failure (no actor), a link its manager issued, an account acting on another anywhere in
    // the network, an export (no subject) and the command line's password reset (no actor).
    let seed = 7;
    const pick = () => {
      seed = (seed * 48271) % 2147483647;
      return accounts[seed % accounts.length]!;
    };
    const rows: [string, string, 'account' | 'anonymous' | 'cli', string | null, string | null][] = [];
    for (let i = 0; i < 1200; i++) {
      const at = new Date(Date.UTC(2026, 10, 1) + Math.floor(i / 3) * 60_000).toISOString();
      const who = pick();
      const shape = i % 6;
      if (shape === 0) rows.push([at, 'sign-in', 'account', who, who]);
      else if (shape === 1) rows.push([at, 'sign-in-failed', 'anonymous', null, who]);
      else if (shape === 2) rows.push([at, 'link-issued', 'account', parentOf.get(who) ?? who, who]);
      else if (shape === 3) rows.push([at, 'blocked', 'account', who, pick()]);
      else if (shape === 4) rows.push([at, 'export-downloaded', 'account', who, null]);
      else rows.push([at, 'password-changed', 'cli', null, who]);
    }
    const id = (username: string | null) => (username === null ? sql`NULL` : sql`${ids[username]!}::uuid`);
    const values: SQL[] = rows.map(
      ([at, entryKind, actorType, actor, subject]) =>
        sql`(${at}::timestamptz, ${entryKind}, ${actorType}::activity_actor, ${id(actor)}, ${id(subject)})`,
    );
    const inserted = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO activity (at, kind, actor_type, actor_id, subject_id) VALUES ${sql.join(values, sql`, `)}
          RETURNING id::text AS id`,
    );
    inserted.forEach((row, i) => {
      const [at, entryKind, , actor, subject] = rows[i]!;
      entries.push({ id: row.id, at: new Date(at), kind: entryKind, actor, subject });
    });
    await database.db.execute(sql`ANALYZE activity`);
  });
  afterAll(async () => database?.destroy());

  /** What the screen must show: the subtree's entries that the filters keep, in the screen's order. */
  function expected(root: string, filters: ActivityFilters, sort: ActivitySort, direction: 'asc' | 'desc'): string[] {
    const inside = subtreeOf(root);
    const named = (username: string | undefined, value: string | null) =>
      username === undefined || value?.toLowerCase() === username.toLowerCase();
    const kept = entries.filter(
      (e) =>
        ((e.actor !== null && inside.has(e.actor)) || (e.subject !== null && inside.has(e.subject))) &&
        (filters.kind === undefined || e.kind === filters.kind) &&
        named(filters.actor, e.actor) &&
        named(filters.subject, e.subject) &&
        (filters.from === undefined || e.at >= filters.from) &&
        (filters.to === undefined || e.at < filters.to),
    );
    const sign = direction === 'asc' ? 1 : -1;
    const byKind = (a: Entry, b: Entry) => (sort === 'kind' ? (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) : 0);
    return kept
      .sort((a, b) => sign * (byKind(a, b) || a.at.getTime() - b.at.getTime() || Number(a.id) - Number(b.id)))
      .map((e) => e.id);
  }

  const FILTERS: ActivityFilters[] = [
    {},
    { kind: 'link-issued' },
    { actor: 'MASTER1' },
    { subject: 'player1_3' },
    { from: new Date('2026-11-01T01:00:00Z'), to: new Date('2026-11-01T03:30:00Z') },
  ];
  const PAGES = [
    { sort: 'at', direction: 'desc', offset: 0, limit: 20 },
    { sort: 'at', direction: 'asc', offset: 40, limit: 20 },
    { sort: 'kind', direction: 'desc', offset: 20, limit: 20 },
    { sort: 'kind', direction: 'asc', offset: 0, limit: 50 },
    { sort: 'at', direction: 'desc', offset: 100, limit: 100 },
    // Pages smaller than a member's entries: the page is among each member's first offset + limit.
    { sort: 'at', direction: 'asc', offset: 7, limit: 3 },
    { sort: 'kind', direction: 'desc', offset: 5, limit: 4 },
  ] as const;

  it.each(['am1', 'sam1', 'master2', 'am2', 'player2_7', 'idle'])(
    'shows %s the same pages and counts by either plan',
    async (root) => {
      const scope = { all: false, rootId: ids[root]! } as const;
      for (const filters of FILTERS) {
        const all = expected(root, filters, 'at', 'desc');
        const about = `${root} ${JSON.stringify(filters)}`;
        for (const page of PAGES) {
          const shown = await listActivity(database.db, scope, filters, page);
          expect(
            shown.map((e) => e.id),
            `${about} ${JSON.stringify(page)}`,
          ).toEqual(expected(root, filters, page.sort, page.direction).slice(page.offset, page.offset + page.limit));
        }
        const exported = await listActivity(database.db, scope, filters, {
          sort: 'at',
          direction: 'desc',
          offset: 0,
          limit: null,
        });
        expect(
          exported.map((e) => e.id),
          about,
        ).toEqual(all);
        expect(await countActivity(database.db, scope, filters), about).toBe(all.length);
        // Counted up to one past the limit.
        expect(await countActivity(database.db, scope, filters, 10), about).toBe(Math.min(all.length, 11));
      }
    },
  );

  it('has entries of every shape in the subtrees it reads', () => {
    // The big subtree holds entries its members made about accounts outside it and about none,
    // entries about its members made from outside it, and more than a count's limit of 10.
    const inside = subtreeOf('am1');
    const has = (test: (e: Entry) => boolean) => entries.some(test);
    expect(has((e) => e.actor !== null && inside.has(e.actor) && e.subject !== null && !inside.has(e.subject))).toBe(true);
    expect(has((e) => e.actor !== null && inside.has(e.actor) && e.subject === null)).toBe(true);
    expect(has((e) => e.actor !== null && !inside.has(e.actor) && e.subject !== null && inside.has(e.subject))).toBe(true);
    expect(
      has((e) => e.actor !== null && e.subject !== null && e.actor !== e.subject && inside.has(e.actor) && inside.has(e.subject)),
    ).toBe(true);
    expect(subtreeOf('am1').size).toBeGreaterThan(100);
    expect(subtreeOf('am2').size).toBeLessThan(100);
  });
});
