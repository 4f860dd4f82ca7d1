import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inNumbers } from '../../../test/in-numbers.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { type Db, queryRows } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import {
  acceptTransfer,
  type Channel,
  cancelTransfer,
  createTransfer,
  ensureHouseAccount,
  rejectTransfer,
  type TransferRecord,
  type TransferStatus,
} from './ledger.js';
import { addAccount, checkLedger, ledgerTotals } from './test-support.js';

/**
 * Model test: random sequences of create / accept / reject / cancel, valid and invalid, run
 * against the real database and against the small in-memory model below. After every step the
 * balances, the transfers and the totals must match the model.
 */

// ---------- the model: the rules of docs/domain.md, "Points and the ledger", written plainly ----------

interface ModelAccount {
  name: string;
  id: string;
  isHouse: boolean;
  parentId: string | null;
  active: boolean;
  balance: number;
}
interface ModelTransfer {
  id: number;
  fromId: string;
  toId: string;
  amount: number;
  channel: Channel;
  status: TransferStatus;
}
type Resolution = 'accept' | 'reject' | 'cancel';
const STATUS_OF: Record<Resolution, TransferStatus> = { accept: 'accepted', reject: 'rejected', cancel: 'cancelled' };

class LedgerModel {
  readonly accounts = new Map<string, ModelAccount>();
  readonly transfers = new Map<number, ModelTransfer>();

  constructor(fixture: Fixture) {
    for (const a of fixture.accounts) this.accounts.set(a.id, { ...a, active: true, balance: 0 });
  }

  /** The HTTP status the ledger must refuse with, or null when the transfer is allowed. */
  refuseCreate(fromId: string, toId: string, amount: number): number | null {
    if (!Number.isInteger(amount) || amount <= 0) return 400;
    if (fromId === toId) return 400;
    const from = this.accounts.get(fromId);
    const to = this.accounts.get(toId);
    if (!from || !to) return 404;
    const related = from.parentId === to.id || to.parentId === from.id || from.isHouse || to.isHouse;
    if (!related) return 400;
    if (!from.active || !to.active) return 409;
    if (!from.isHouse && from.balance < amount) return 409;
    return null;
  }

  applyCreate(t: ModelTransfer): void {
    this.accounts.get(t.fromId)!.balance -= t.amount;
    this.transfers.set(t.id, t);
  }

  refuseResolve(kind: Resolution, transferId: number, by: string): number | null {
    const t = this.transfers.get(transferId);
    if (!t) return 404;
    const party = kind === 'cancel' ? t.fromId : t.toId;
    if (party !== by) return 403;
    if (t.status !== 'pending') return 409;
    if (kind === 'accept' && !this.accounts.get(t.toId)!.active) return 409;
    return null;
  }

  applyResolve(kind: Resolution, transferId: number): void {
    const t = this.transfers.get(transferId)!;
    t.status = STATUS_OF[kind];
    this.accounts.get(kind === 'accept' ? t.toId : t.fromId)!.balance += t.amount;
  }

  totals() {
    let balancesCents = 0;
    let houseBalanceCents = 0;
    for (const a of this.accounts.values()) {
      if (a.isHouse) houseBalanceCents += a.balance;
      else balancesCents += a.balance;
    }
    let pendingCents = 0;
    let issuedCents = 0;
    let returnedCents = 0;
    for (const t of this.transfers.values()) {
      if (t.status === 'pending') pendingCents += t.amount;
      if (this.accounts.get(t.fromId)!.isHouse && (t.status === 'pending' || t.status === 'accepted')) issuedCents += t.amount;
      if (this.accounts.get(t.toId)!.isHouse && t.status === 'accepted') returnedCents += t.amount;
    }
    return { balancesCents, pendingCents, issuedCents, returnedCents, houseBalanceCents };
  }
}

// ---------- running one step on both sides ----------

interface Real {
  db: Db;
}

async function outcome<T>(call: Promise<T>): Promise<{ ok: T } | { status: number; message: string }> {
  try {
    return { ok: await call };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error; // anything else (SQL error, deadlock) fails the test
    return { status: error.statusCode, message: error.message };
  }
}

/** Outcomes seen, e.g. 'create 409' or 'accept ok': the test checks that every kind was exercised. */
const seen = new Set<string>();

async function stepCreate(m: LedgerModel, r: Real, fromId: string, toId: string, amount: number, channel: Channel) {
  const refused = m.refuseCreate(fromId, toId, amount);
  seen.add(`create ${refused ?? 'ok'}`);
  const result = await outcome(createTransfer(r.db, { fromId, toId, amountCents: amount, channel }));
  if (refused !== null) {
    expect(result).toMatchObject({ status: refused });
    return;
  }
  expect(result).toHaveProperty('ok');
  const t = (result as { ok: TransferRecord }).ok;
  expect(t).toMatchObject({ fromId, toId, amountCents: amount, channel, status: 'pending', resolvedAt: null });
  m.applyCreate({ id: t.id, fromId, toId, amount, channel, status: 'pending' });
}

const RESOLVE = { accept: acceptTransfer, reject: rejectTransfer, cancel: cancelTransfer };

async function stepResolve(m: LedgerModel, r: Real, kind: Resolution, transferId: number, by: string) {
  const refused = m.refuseResolve(kind, transferId, by);
  seen.add(`${kind} ${refused ?? 'ok'}`);
  seen.add(`resolve ${refused ?? 'ok'}`);
  const result = await outcome(RESOLVE[kind](r.db, { transferId, byAccountId: by }));
  if (refused !== null) {
    expect(result).toMatchObject({ status: refused });
    return;
  }
  expect(result).toHaveProperty('ok');
  const before = m.transfers.get(transferId)!;
  expect((result as { ok: TransferRecord }).ok).toMatchObject({
    id: transferId,
    fromId: before.fromId,
    toId: before.toId,
    amountCents: before.amount,
    status: STATUS_OF[kind],
    resolvedAt: expect.any(Date),
  });
  m.applyResolve(kind, transferId);
}

/** Database and model agree on every balance, every transfer and the totals; the invariant holds. */
async function compare(m: LedgerModel, r: Real): Promise<void> {
  const accountRows = await queryRows<{ id: string; balance: number }>(
    r.db,
    sql`SELECT id, wallet_balance_cents AS balance FROM accounts ORDER BY id`,
  );
  expect(Object.fromEntries(accountRows.map((a) => [a.id, Number(a.balance)]))).toEqual(
    Object.fromEntries([...m.accounts.values()].map((a) => [a.id, a.balance])),
  );
  const transferRows = await queryRows<{ id: number; status: TransferStatus; unresolved: boolean }>(
    r.db,
    sql`SELECT id, status, resolved_at IS NULL AS unresolved FROM transfers ORDER BY id`,
  );
  expect(transferRows.map((t) => [Number(t.id), t.status, t.unresolved])).toEqual(
    [...m.transfers.values()].sort((a, b) => a.id - b.id).map((t) => [t.id, t.status, t.status === 'pending']),
  );
  const totals = m.totals();
  expect(inNumbers(await ledgerTotals(r.db))).toEqual(totals);
  expect(totals.balancesCents + totals.pendingCents).toBe(totals.issuedCents - totals.returnedCents);
  for (const a of m.accounts.values()) if (!a.isHouse) expect(a.balance, a.name).toBeGreaterThanOrEqual(0);
}

// ---------- the tree and its reset ----------

interface Fixture {
  accounts: { name: string; id: string; isHouse: boolean; parentId: string | null }[];
  byName: Record<string, string>;
  /** Ordered pairs that may transfer: parent and direct child both ways, the house and anyone. */
  edges: [string, string][];
  /** Every account plus one id that exists nowhere. */
  actors: string[];
  inactive: string;
}

async function buildFixture(db: Db): Promise<Fixture> {
  const house = await ensureHouseAccount(db, 'HOUSE');
  const accounts: Fixture['accounts'] = [{ name: 'house', id: house, isHouse: true, parentId: null }];
  const byName: Record<string, string> = { house };
  const add = async (name: string, role: Parameters<typeof addAccount>[1]['role'], parent: string | null) => {
    const parentId = parent ? byName[parent]! : null;
    const id = await addAccount(db, { username: name, role, parentId });
    accounts.push({ name, id, isHouse: false, parentId });
    byName[name] = id;
  };
  await add('sa', 'superadmin', null);
  await add('a1', 'admin', 'sa');
  await add('a2', 'admin', 'sa');
  await add('m1', 'master', 'a1');
  await add('p1', 'player', 'm1');
  await add('p2', 'player', 'm1');
  await add('x', 'player', 'm1'); // made inactive by the seed
  await add('p3', 'player', 'a2'); // a skipped level: a player right under an admin
  const edges: [string, string][] = [];
  for (const a of accounts) {
    if (a.isHouse) continue;
    edges.push([house, a.id], [a.id, house]);
    if (a.parentId) edges.push([a.parentId, a.id], [a.id, a.parentId]);
  }
  return { accounts, byName, edges, actors: [...accounts.map((a) => a.id), randomUUID()], inactive: byName.x! };
}

/** Empties the ledger's tables and replays the same starting history on the database and a new model. */
async function resetAndSeed(db: Db, fixture: Fixture): Promise<LedgerModel> {
  await db.execute(sql`DELETE FROM transfers`);
  await db.execute(sql`UPDATE accounts SET wallet_balance_cents = 0, user_status = true`);
  const m = new LedgerModel(fixture);
  const r = { db };
  const id = fixture.byName;
  const give = async (from: string, to: string, amount: number, resolve: Resolution | null) => {
    await stepCreate(m, r, id[from]!, id[to]!, amount, 'single');
    const last = Math.max(...m.transfers.keys());
    if (resolve) await stepResolve(m, r, resolve, last, resolve === 'cancel' ? id[from]! : id[to]!);
  };
  await give('house', 'sa', 2000_00, 'accept');
  await give('sa', 'a1', 600_00, 'accept');
  await give('sa', 'a2', 300_00, 'accept');
  await give('a1', 'm1', 200_00, 'accept');
  await give('m1', 'p1', 40_00, 'accept');
  await give('m1', 'x', 25_00, 'accept');
  await give('m1', 'x', 5_00, null); // pending to an account about to become inactive
  await give('house', 'p3', 15_00, null);
  await db.execute(sql`UPDATE accounts SET user_status = false WHERE id = ${fixture.inactive}`);
  m.accounts.get(fixture.inactive)!.active = false;
  await compare(m, r);
  return m;
}

// ---------- commands ----------

/** Which transfer to resolve: a pending one, an already resolved one (double resolution), any, or none. */
type Target = 'pending' | 'resolved' | 'any' | 'unknown';
type Actor = { kind: 'party' } | { kind: 'other-side' } | { kind: 'account'; n: number };
type Amount = { kind: 'share'; percent: number } | { kind: 'fixed'; cents: number } | { kind: 'invalid'; value: number };

/** Shares of the sender's balance make valid sends and overdraws likely in equal measure. */
function amountFor(m: LedgerModel, fromId: string, spec: Amount): number {
  if (spec.kind === 'fixed') return spec.cents;
  if (spec.kind === 'invalid') return spec.value;
  const from = m.accounts.get(fromId);
  const base = !from ? 100_00 : from.isHouse ? 500_00 : from.balance;
  return Math.max(1, Math.floor((base * spec.percent) / 100));
}

class CreateCommand implements fc.AsyncCommand<LedgerModel, Real> {
  constructor(
    readonly fixture: Fixture,
    readonly pair: { kind: 'edge'; n: number } | { kind: 'any'; from: number; to: number },
    readonly amount: Amount,
    readonly channel: Channel,
  ) {}
  check = () => true;
  async run(m: LedgerModel, r: Real): Promise<void> {
    const [fromId, toId] =
      this.pair.kind === 'edge'
        ? this.fixture.edges[this.pair.n % this.fixture.edges.length]!
        : [
            this.fixture.actors[this.pair.from % this.fixture.actors.length]!,
            this.fixture.actors[this.pair.to % this.fixture.actors.length]!,
          ];
    await stepCreate(m, r, fromId, toId, amountFor(m, fromId, this.amount), this.channel);
    await compare(m, r);
  }
  toString = () => `create(${JSON.stringify(this.pair)}, ${JSON.stringify(this.amount)}, ${this.channel})`;
}

class ResolveCommand implements fc.AsyncCommand<LedgerModel, Real> {
  constructor(
    readonly fixture: Fixture,
    readonly kind: Resolution,
    readonly target: { kind: Target; n: number },
    readonly actor: Actor,
  ) {}
  check = () => true;
  async run(m: LedgerModel, r: Real): Promise<void> {
    const all = [...m.transfers.values()];
    const wanted = { pending: all.filter((t) => t.status === 'pending'), resolved: all.filter((t) => t.status !== 'pending') };
    const preferred = this.target.kind === 'pending' || this.target.kind === 'resolved' ? wanted[this.target.kind] : all;
    const pool = preferred.length > 0 ? preferred : all;
    const t = this.target.kind === 'unknown' ? undefined : pool[this.target.n % pool.length];
    const transferId = t ? t.id : 2_000_000_000 + this.target.n;
    const party = t ? (this.kind === 'cancel' ? t.fromId : t.toId) : this.fixture.byName.sa!;
    const otherSide = t ? (this.kind === 'cancel' ? t.toId : t.fromId) : this.fixture.byName.a1!;
    const actor = this.actor;
    const by =
      actor.kind === 'party'
        ? party
        : actor.kind === 'other-side'
          ? otherSide
          : this.fixture.actors[actor.n % this.fixture.actors.length]!;
    await stepResolve(m, r, this.kind, transferId, by);
    await compare(m, r);
  }
  toString = () => `${this.kind}(${JSON.stringify(this.target)}, ${JSON.stringify(this.actor)})`;
}

function commandsFor(fixture: Fixture) {
  const amount: fc.Arbitrary<Amount> = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 160 }).map((percent) => ({ kind: 'share' as const, percent })) },
    { weight: 2, arbitrary: fc.constantFrom(1, 99, 10_00, 123_45).map((cents) => ({ kind: 'fixed' as const, cents })) },
    { weight: 1, arbitrary: fc.constantFrom(0, -5_00, 10.5).map((value) => ({ kind: 'invalid' as const, value })) },
  );
  const pair = fc.oneof(
    { weight: 3, arbitrary: fc.nat().map((n) => ({ kind: 'edge' as const, n })) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('any' as const), from: fc.nat(), to: fc.nat() }) },
  );
  const create = fc
    .tuple(pair, amount, fc.constantFrom<Channel>('single', 'multiplayer'))
    .map(([p, a, c]) => new CreateCommand(fixture, p, a, c));
  const target = fc.record({
    kind: fc.constantFrom<Target>('pending', 'pending', 'pending', 'resolved', 'any', 'unknown'),
    n: fc.nat(),
  });
  const actor: fc.Arbitrary<Actor> = fc.oneof(
    { weight: 6, arbitrary: fc.constant({ kind: 'party' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'other-side' as const }) },
    { weight: 1, arbitrary: fc.nat().map((n) => ({ kind: 'account' as const, n })) },
  );
  const resolve = fc
    .tuple(fc.constantFrom<Resolution>('accept', 'reject', 'cancel'), target, actor)
    .map(([k, t, a]) => new ResolveCommand(fixture, k, t, a));
  return [fc.oneof({ weight: 5, arbitrary: create }, { weight: 4, arbitrary: resolve })];
}

describe.each(TEST_DB_KINDS)('ledger model test on %s', (kind) => {
  let database: TestDatabase;
  let fixture: Fixture;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fixture = await buildFixture(database.db);
  });
  afterAll(async () => database?.destroy());

  it('matches the model after every step of random operation sequences', async () => {
    const db = database.db;
    seen.clear();
    await fc.assert(
      fc.asyncProperty(fc.commands(commandsFor(fixture), { maxCommands: 25, size: 'max' }), async (commands) => {
        const model = await resetAndSeed(db, fixture);
        await fc.asyncModelRun(() => ({ model, real: { db } }), commands);
        await checkLedger(db);
      }),
      { numRuns: 30 },
    );
    // Not vacuous: valid and invalid operations of every kind were run.
    const wanted = ['create ok', 'create 400', 'create 404', 'create 409', 'accept ok', 'reject ok', 'cancel ok'];
    wanted.push('resolve 403', 'resolve 404', 'resolve 409');
    expect([...seen].sort()).toEqual(expect.arrayContaining(wanted));
    // About 10 s on an idle machine; the ceiling leaves room for a busy shared one.
  }, 180_000);
});
