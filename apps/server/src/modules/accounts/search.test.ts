import type { Role } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../../test/fixtures/network.js';
import { createTestDatabase, databaseError, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { ensureHouseAccount } from '../ledger/ledger.js';
import { searchAccounts } from './repository.js';

/**
 * The account search against an independent reading of the tree (parents walked in JavaScript),
 * under each way the database may run it: its own choice, the accounts read in the answer's order
 * (no sort, no bitmap) and the trigram indexes (no ordered walk). Levels are skipped in places, and
 * a manager moves mid-test: the order by depth follows the move.
 */

const FIRST = ['Akash', 'Sneha', 'Karan', 'Masood', 'Priya', 'Tamas', 'Rina'];
const LAST = ['Sharma', 'Gupta', 'Saxena', 'Kumar', 'Mascarenhas', 'Rao'];

/** A tree with skipped levels: masters under an admin and an area manager, players under a manager. */
function tree(): [string, Role, string | null][] {
  const rows: [string, Role, string | null][] = [['superadmin', 'superadmin', null]];
  for (let a = 1; a <= 2; a++) {
    rows.push([`admin${a}`, 'admin', 'superadmin']);
    for (let s = 1; s <= 2; s++) {
      const sam = `sam${a}${s}`;
      rows.push([sam, 'superareamanager', `admin${a}`]);
      for (let m = 1; m <= 2; m++) {
        const am = `am${a}${s}${m}`;
        rows.push([am, 'areamanager', sam]);
        for (let k = 1; k <= 7; k++) {
          const master = `master${a}${s}${m}${k}`;
          rows.push([master, 'master', am]);
          for (let p = 1; p <= 2; p++) rows.push([`player${a}${s}${m}${k}${p}`, 'player', master]);
        }
      }
    }
    // Skipped levels: a master right under the admin, a player right under a super area manager.
    rows.push([`master${a}9`, 'master', `admin${a}`], [`player${a}9`, 'player', `master${a}9`]);
    rows.push([`player${a}8`, 'player', `sam${a}1`]);
  }
  // A username that is part of others' ('am1' in 'sam1', 'am11' in 'sam11' ...).
  rows.push(['am1', 'areamanager', 'sam11'], ['MAS', 'master', 'am1']);
  return rows;
}

interface Row {
  id: string;
  username: string;
  role: string;
  first_name: string;
  last_name: string;
  parent_id: string | null;
  depth: number;
}

/** The search as the product describes it, from the rows alone. */
function expected(rows: Row[], rootId: string, text: string, limit: number, roles?: readonly string[]): string[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain = (r: Row): string[] => (r.parent_id ? [r.id, ...chain(byId.get(r.parent_id)!)] : [r.id]);
  const q = text.toLowerCase();
  const found = rows.flatMap((r) => {
    const up = chain(r);
    const at = up.indexOf(rootId);
    if (at < 0 || r.role === 'house') return [];
    const name = `${r.first_name} ${r.last_name}`.toLowerCase();
    if (!r.username.toLowerCase().includes(q) && !name.includes(q)) return [];
    if (roles && !roles.includes(r.role)) return [];
    return [{ username: r.username, exact: r.username.toLowerCase() === q, depth: at }];
  });
  const key = (u: string) => u.toLowerCase();
  found.sort(
    (a, b) =>
      Number(b.exact) - Number(a.exact) ||
      a.depth - b.depth ||
      (key(a.username) < key(b.username) ? -1 : key(a.username) > key(b.username) ? 1 : 0),
  );
  return found.slice(0, limit).map((f) => f.username);
}

/** The levels below the top, walked up the parents. */
function depths(rows: Row[]): Record<string, number> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const depth = (r: Row): number => (r.parent_id ? 1 + depth(byId.get(r.parent_id)!) : 0);
  return Object.fromEntries(rows.map((r) => [r.username, depth(r)]));
}

/** How each reading is forced, statement by statement (none: the database's own choice). */
const PLANS: Record<string, readonly string[]> = {
  'its own choice': [],
  'the accounts in the answer order': ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'],
  'the trigram indexes': ['enable_seqscan', 'enable_indexscan'],
};

const TEXTS = [
  '',
  'a',
  'AM1',
  'mas',
  'Master1',
  'player2',
  'player12',
  'sharma',
  'as g',
  'kumar',
  '1',
  'zzz',
  '%',
  'am_1',
  'MAS',
];
const ROLES: (readonly string[] | undefined)[] = [undefined, ['player'], ['master', 'areamanager']];

describe.each(TEST_DB_KINDS)('the account search on %s', (kind) => {
  let t: TestDatabase;
  let ids: Record<string, string>;
  const rows = async () =>
    queryRows<Row>(t.db, sql`SELECT id, username, role::text AS role, first_name, last_name, parent_id, depth FROM accounts`);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    ids = await createAccounts(t.db, tree());
    await ensureHouseAccount(t.db, 'HOUSE');
    // Names from small pools, as on a real network: a name part matches many accounts.
    await t.db.execute(sql`
      UPDATE accounts a SET first_name = (string_to_array(${FIRST.join(',')}, ','))[1 + n.i % ${FIRST.length}],
                            last_name = (string_to_array(${LAST.join(',')}, ','))[1 + n.i % ${LAST.length}]
        FROM (SELECT id, row_number() OVER (ORDER BY username)::int AS i FROM accounts WHERE role <> 'house') n
       WHERE a.id = n.id`);
    await t.db.execute(sql`ANALYZE accounts`);
  }, 120_000);
  afterAll(async () => t?.destroy());

  async function answersUnder(plan: string, rootId: string, text: string, limit: number, roles?: readonly string[]) {
    return t.db.transaction(async (tx) => {
      for (const setting of PLANS[plan]!) await tx.execute(sql.raw(`SET LOCAL ${setting} = off`));
      return (await searchAccounts(tx, rootId, text, limit, roles)).map((a) => a.username);
    });
  }

  async function checkAll(roots: string[]) {
    const all = await rows();
    let nonEmpty = 0;
    for (const root of roots) {
      for (const text of TEXTS) {
        for (const roles of ROLES) {
          for (const limit of [3, 500]) {
            const want = expected(all, ids[root]!, text, limit, roles);
            if (want.length > 0) nonEmpty++;
            for (const plan of Object.keys(PLANS)) {
              expect(
                await answersUnder(plan, ids[root]!, text, limit, roles),
                `${root} '${text}' ${roles} ${limit} by ${plan}`,
              ).toEqual(want);
            }
          }
        }
      }
    }
    // The texts do find accounts: the comparison is not between empty lists.
    expect(nonEmpty).toBeGreaterThan(10 * roots.length);
  }

  it('keeps every account as many levels below the top as its parents say, levels skipped too', async () => {
    const all = await rows();
    expect(Object.fromEntries(all.map((r) => [r.username, r.depth]))).toEqual(depths(all));
    expect(depths(all)).toMatchObject({ superadmin: 0, HOUSE: 0, admin1: 1, master19: 2, player18: 3, am1: 3, MAS: 4 });
  });

  it('answers as the tree says, whichever way it is read, for the superadmin and for managers', async () => {
    await checkAll(['superadmin', 'admin1', 'sam11', 'am1']);
    // An exact username first, then the nearest to the root, then by username.
    expect(await searchAccounts(t.db, ids.superadmin!, 'am1', 4).then((a) => a.map((x) => x.username))).toEqual([
      'am1',
      'sam11',
      'sam12',
      'am111',
    ]);
    // Nothing outside the subtree: admin2's accounts are not admin1's.
    const fromAdmin1 = (await searchAccounts(t.db, ids.admin1!, 'master2', 500)).map((a) => a.username);
    expect(fromAdmin1).toEqual([]);
    expect((await searchAccounts(t.db, ids.superadmin!, 'master2', 500)).length).toBe(29);
  }, 300_000);

  it('follows a move: the moved subtree is searched at its new depth', async () => {
    // am111 (3 levels below the top, with 7 masters and 14 players) goes right under admin2.
    await t.db.execute(sql`UPDATE accounts SET parent_id = ${ids.admin2!} WHERE id = ${ids.am111!}`);
    const all = await rows();
    expect(Object.fromEntries(all.map((r) => [r.username, r.depth]))).toEqual(depths(all));
    expect(depths(all)).toMatchObject({ am111: 2, master1111: 3, player11111: 4 });
    await checkAll(['superadmin', 'admin2']);
  }, 300_000);

  it('refuses a depth written directly, and sets it on insert whatever is given', async () => {
    expect(await databaseError(t.db.execute(sql`UPDATE accounts SET depth = 3 WHERE id = ${ids.admin1!}`))).toContain(
      'accounts.depth is kept by the hierarchy',
    );
    const [row] = await queryRows<{ depth: number }>(
      t.db,
      sql`INSERT INTO accounts (username, role, parent_id, depth) VALUES ('late', 'player', ${ids.master19!}, 0) RETURNING depth`,
    );
    expect(row?.depth).toBe(3);
  });
});
