import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../../test/fixtures/network.js';
import { createTestDatabase, databaseError, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { mastersCount } from '../play-sums/masters-page.js';
import { type LoansTotalsCents, loansTotals } from './loans-report.js';

/**
 * The whole network's loan lists and masters counted by the writes (migration 0044): after every
 * kind of change to cafes, loans, deductions and masters, the superadmin's Computer Loan and
 * Multiple Cybers count and sums, and its count of masters and of inactive ones, equal what a
 * model of the same writes kept here says, and a manager's subtree (read from the closure) agrees.
 */
interface Loan {
  id: string;
  agent: string;
  principal: number;
  fee: number;
  deducted: number;
}

describe.each(TEST_DB_KINDS)('the loan lists and masters counted by the writes on %s', (kind) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};
  const cafeOwner: Record<string, string> = {};
  const loans: Loan[] = [];
  const masters = ['m1', 'm2', 'm3'];
  const am1Masters = ['m1', 'm2'];
  const inactive = new Set<string>();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    Object.assign(
      ids,
      await createAccounts(database.db, [
        ['superadmin', 'superadmin', null],
        ['am1', 'areamanager', 'superadmin'],
        ['m1', 'master', 'am1'],
        ['m2', 'master', 'am1'],
        ['m3', 'master', 'superadmin'],
      ]),
    );
  });
  afterAll(async () => database?.destroy());

  const superadmin = () => ({ id: ids.superadmin!, role: 'superadmin' });

  async function addCafe(name: string, owner: string) {
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO cafes (master_id, name) VALUES (${ids[owner]!}, ${name}) RETURNING id`,
    );
    ids[name] = row!.id;
    cafeOwner[name] = owner;
  }

  async function moveCafe(name: string, owner: string) {
    await database.db.execute(
      sql`UPDATE cafes SET master_id = ${ids[owner]!}, name = ${`${name} (moved)`} WHERE id = ${ids[name]!}`,
    );
    cafeOwner[name] = owner;
  }

  async function lend(agent: string, principal: number, fee: number): Promise<Loan> {
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO loans (agent_id, principal_cents, processing_fee_cents) VALUES (${ids[agent]!}, ${principal}, ${fee}) RETURNING id`,
    );
    const loan = { id: row!.id, agent, principal, fee, deducted: 0 };
    loans.push(loan);
    return loan;
  }

  async function deduct(loan: Loan, weekStart: string, amount: number) {
    await database.db.execute(
      sql`INSERT INTO loan_deductions (loan_id, week_start, amount_cents) VALUES (${loan.id}, ${weekStart}::date, ${amount})`,
    );
    loan.deducted += amount;
  }

  /** The model's list: the masters (of `within`) with a loan, or with more than one cafe, summed. */
  function modelTotals(multiple: boolean, within = masters): LoansTotalsCents {
    const listed = within.filter((m) =>
      multiple ? Object.values(cafeOwner).filter((o) => o === m).length > 1 : loans.some((l) => l.agent === m),
    );
    const theirs = loans.filter((l) => listed.includes(l.agent));
    return {
      rows: listed.length,
      totalLoanCents: BigInt(theirs.reduce((s, l) => s + l.principal + l.fee, 0)),
      processingLoanCents: BigInt(theirs.reduce((s, l) => s + l.fee, 0)),
      outstandingCents: BigInt(theirs.reduce((s, l) => s + l.principal + l.fee - l.deducted, 0)),
    };
  }

  async function expectCounted(step: string) {
    for (const multiple of [false, true]) {
      const list = multiple ? 'Multiple Cybers' : 'Computer Loan';
      expect(
        await loansTotals(database.db, { managerId: ids.superadmin!, managerRole: 'superadmin', multipleCafesOnly: multiple }),
        `${step}: the superadmin's ${list}`,
      ).toEqual(modelTotals(multiple));
      expect(
        await loansTotals(database.db, { managerId: ids.am1!, managerRole: 'areamanager', multipleCafesOnly: multiple }),
        `${step}: am1's ${list}`,
      ).toEqual(modelTotals(multiple, am1Masters));
    }
    expect(await mastersCount(database.db, superadmin()), `${step}: masters`).toBe(masters.length);
    expect(await mastersCount(database.db, superadmin(), 'inactive'), `${step}: inactive masters`).toBe(inactive.size);
  }

  it('counts and sums the lists through new cafes, cafes changing hands, loans, deductions and masters', async () => {
    await expectCounted('nothing yet');
    await addCafe('c1', 'm1');
    await lend('m1', 100_000, 1_500);
    await expectCounted('m1 with one cafe and a loan');
    await addCafe('c2', 'm1');
    await expectCounted('m1 with two cafes: on Multiple Cybers with its loan');
    const second = await lend('m1', 50_000, 0);
    await deduct(second, '2026-11-16', 12_345);
    await expectCounted('a second loan of m1, part deducted');
    const m2loan = await lend('m2', 20_000, 700);
    await addCafe('c3', 'm2');
    await addCafe('c4', 'm2');
    await addCafe('c5', 'm2');
    await expectCounted('m2 with three cafes, added one at a time');
    await moveCafe('c2', 'm3');
    await expectCounted('a cafe of m1 to m3: m1 leaves Multiple Cybers');
    await moveCafe('c1', 'm3');
    await expectCounted('the other too: m3 joins it without a loan');
    await database.db.execute(sql`UPDATE cafes SET name = 'c3 renamed' WHERE id = ${ids.c3!}`);
    await expectCounted('a cafe renamed, not moved');
    await database.db.execute(sql`UPDATE cafes SET master_id = ${ids.m1!} WHERE id IN (${ids.c1!}, ${ids.c2!})`);
    cafeOwner.c1 = 'm1';
    cafeOwner.c2 = 'm1';
    await expectCounted('both back to m1 in one statement');
    await database.db.execute(sql`UPDATE loans SET processing_fee_cents = 900, principal_cents = 25000 WHERE id = ${m2loan.id}`);
    Object.assign(m2loan, { principal: 25_000, fee: 900 });
    await expectCounted('a loan of m2 changed');
    await database.db.execute(sql`DELETE FROM loans WHERE id = ${m2loan.id}`);
    loans.splice(loans.indexOf(m2loan), 1);
    await expectCounted('the loan of m2 taken back: m2 leaves Computer Loan, stays on Multiple Cybers');
    const [m4] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO accounts (username, password_hash, role, parent_id, first_name, last_name, commission)
          SELECT 'm4', password_hash, 'master', ${ids.am1!}, 'M', 'Number 4', '10' FROM accounts WHERE id = ${ids.m1!}
          RETURNING id`,
    );
    ids.m4 = m4!.id;
    masters.push('m4');
    am1Masters.push('m4');
    await addCafe('c6', 'm4');
    await addCafe('c7', 'm4');
    await database.db.execute(sql`UPDATE accounts SET user_status = false WHERE id IN (${ids.m2!}, ${ids.m4!})`);
    inactive.add('m2').add('m4');
    await expectCounted('a new master with two cafes; two masters switched off');
    await database.db.execute(sql`UPDATE accounts SET user_status = true WHERE id = ${ids.m4!}`);
    inactive.delete('m4');
    await expectCounted('one switched on again');
  });

  it('refuses a cafe owned by an account that is not a master, and direct writes to the counts', async () => {
    expect(await databaseError(database.db.execute(sql`INSERT INTO cafes (master_id, name) VALUES (${ids.am1!}, 'x')`))).toBe(
      `a cafe belongs to a master, and ${ids.am1} is not one`,
    );
    expect(
      await databaseError(database.db.execute(sql`UPDATE cafes SET master_id = ${ids.superadmin!} WHERE id = ${ids.c1!}`)),
    ).toBe(`a cafe belongs to a master, and ${ids.superadmin} is not one`);
    expect(await databaseError(database.db.execute(sql`UPDATE loan_list_totals SET masters = masters + 1`))).toBe(
      'loan_list_totals is kept by the triggers of the tables it sums and cannot be written directly',
    );
    expect(await databaseError(database.db.execute(sql`UPDATE master_count SET masters = masters + 1`))).toBe(
      'master_count is kept by the triggers of the table it counts and cannot be written directly',
    );
    await expectCounted('after the refusals');
  });
});
