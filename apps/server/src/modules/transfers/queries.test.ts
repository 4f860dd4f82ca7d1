import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { acceptTransfer, cancelTransfer, createTransfer, ensureHouseAccount, rejectTransfer } from '../ledger/ledger.js';
import { addAccount } from '../ledger/test-support.js';
import { categorize, transferRow } from './present.js';
import { findTransfers } from './queries.js';

/** 2025-03-05 23:59 IST is 18:29 UTC; 2025-03-06 00:00 IST is 18:30 UTC. */
const LAST_MINUTE_OF_5TH = new Date('2025-03-05T18:29:30Z');
const FIRST_MINUTE_OF_6TH = new Date('2025-03-05T18:30:00Z');

describe.each(TEST_DB_KINDS)('transfer report queries and rows on %s', (kind) => {
  let t: TestDatabase;
  let house: string;
  let am: string;
  let master: string;
  let player: string;
  let otherPlayer: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const db = t.db;
    house = await ensureHouseAccount(db, 'HOUSE');
    const sa = await addAccount(db, { username: 'sa', role: 'superadmin' });
    am = await addAccount(db, { username: 'am', role: 'areamanager', parentId: sa });
    master = await addAccount(db, { username: 'Master1', role: 'master', parentId: am });
    player = await addAccount(db, { username: 'player1', role: 'player', parentId: master });
    otherPlayer = await addAccount(db, { username: 'player9', role: 'player', parentId: master });
    const at = (iso: string) => new Date(iso);
    // The house funds the master (G), the master funds its players (P) in every status.
    const g = await createTransfer(db, {
      fromId: house,
      toId: master,
      amountCents: 1_000_000,
      channel: 'single',
      at: at('2025-03-03T05:00:00Z'),
    });
    await acceptTransfer(db, { transferId: g.id, byAccountId: master, at: at('2025-03-03T05:01:00Z') });
    const accepted = await createTransfer(db, {
      fromId: master,
      toId: player,
      amountCents: 12_345,
      channel: 'single',
      at: LAST_MINUTE_OF_5TH,
    });
    await acceptTransfer(db, { transferId: accepted.id, byAccountId: player, at: FIRST_MINUTE_OF_6TH });
    await createTransfer(db, { fromId: master, toId: player, amountCents: 500, channel: 'single', at: FIRST_MINUTE_OF_6TH });
    const rejected = await createTransfer(db, {
      fromId: master,
      toId: otherPlayer,
      amountCents: 700,
      channel: 'single',
      at: at('2025-03-04T10:00:00Z'),
    });
    await rejectTransfer(db, { transferId: rejected.id, byAccountId: otherPlayer, at: at('2025-03-04T10:05:00Z') });
    const cancelled = await createTransfer(db, {
      fromId: master,
      toId: player,
      amountCents: 900,
      channel: 'single',
      at: at('2025-03-04T11:00:00Z'),
    });
    await cancelTransfer(db, { transferId: cancelled.id, byAccountId: master, at: at('2025-03-04T11:05:00Z') });
    const back = await createTransfer(db, {
      fromId: player,
      toId: master,
      amountCents: 2_000,
      channel: 'single',
      at: at('2025-03-05T06:00:00Z'),
    });
    await acceptTransfer(db, { transferId: back.id, byAccountId: master, at: at('2025-03-05T06:01:00Z') });
    // A multiplayer transfer that the single-channel report must not show.
    await createTransfer(db, {
      fromId: master,
      toId: player,
      amountCents: 4_200,
      channel: 'multiplayer',
      at: at('2025-03-05T07:00:00Z'),
    });
  });
  afterAll(async () => t?.destroy());

  const week = { from: '2025-03-03', to: '2025-03-09' };
  /** The query's transfers as the reports show them. */
  const rowsOf = async (input: Parameters<typeof findTransfers>[1]) => (await findTransfers(t.db, input)).map(transferRow);

  it('reads amounts as whole hundredths; points only once presented', async () => {
    const records = await findTransfers(t.db, { accountId: master, range: week, channels: ['single'] });
    expect(records.map((r) => Number(r.amountCents)).sort((a, b) => a - b)).toEqual([500, 700, 900, 2_000, 12_345, 1_000_000]);
    expect(records.map(transferRow).map((r) => r.amount)).toEqual(records.map((r) => Number(r.amountCents) / 100));
  });

  it('puts every transfer of the master in its category, newest first, with G for the house', async () => {
    const transfers = await findTransfers(t.db, { accountId: master, range: week, channels: ['single'] });
    const data = categorize(transfers);
    expect(data.transferred.map((r) => [r.amount, r.toUserId?.username, r.type])).toEqual([[123.45, 'player1', 'P']]);
    expect(data.transferredNotReceived.map((r) => r.amount)).toEqual([5]);
    expect(data.received.map((r) => [r.amount, r.userId?.username, r.type])).toEqual([
      [20, 'player1', 'P'],
      [10_000, 'HOUSE', 'G'],
    ]);
    expect(data.yetToBeReceived).toEqual([]);
    expect(data.rejected.map((r) => [r.amount, r.direction])).toEqual([[7, 'sent']]);
    expect(data.cancelled.map((r) => [r.amount, r.direction])).toEqual([[9, 'sent']]);
    const times = transfers.map(transferRow).map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows both sides of a transfer the same way', async () => {
    const sent = categorize(await findTransfers(t.db, { accountId: master, range: week, channels: ['single'] }));
    const got = categorize(await findTransfers(t.db, { accountId: player, range: week, channels: ['single'] }));
    const fromMaster = got.received.filter((r) => r.userId?._id === master);
    expect(fromMaster.map((r) => [r._id, r.amount, r.createdAt])).toEqual(
      sent.transferred.filter((r) => r.toUserId?._id === player).map((r) => [r._id, r.amount, r.createdAt]),
    );
    expect(got.yetToBeReceived.map((r) => r._id)).toEqual(
      sent.transferredNotReceived.filter((r) => r.toUserId?._id === player).map((r) => r._id),
    );
    expect(got.cancelled.map((r) => [r._id, r.direction])).toEqual(sent.cancelled.map((r) => [r._id, 'received']));
  });

  it('counts days in IST: 23:59 IST belongs to that day, 00:00 IST to the next', async () => {
    const fifth = await rowsOf({
      accountId: player,
      range: { from: '2025-03-05', to: '2025-03-05' },
      channels: ['single'],
    });
    expect(fifth.map((r) => r.amount).sort()).toEqual([123.45, 20].sort());
    const sixth = await rowsOf({
      accountId: player,
      range: { from: '2025-03-06', to: '2025-03-06' },
      channels: ['single'],
    });
    expect(sixth.map((r) => r.amount)).toEqual([5]);
  });

  it('filters by counterparty username, case-insensitively', async () => {
    const rows = await rowsOf({
      accountId: master,
      range: week,
      channels: ['single'],
      counterpartyUsername: 'PLAYER9',
    });
    expect(rows.map((r) => r.amount)).toEqual([7]);
    const none = await rowsOf({
      accountId: master,
      range: week,
      channels: ['single'],
      counterpartyUsername: 'nobody',
    });
    expect(none).toEqual([]);
  });

  it('keeps the channels apart', async () => {
    const multi = await rowsOf({ accountId: master, range: week, channels: ['multiplayer'] });
    expect(multi.map((r) => [r.amount, r.channel, r.status])).toEqual([[42, 'multiplayer', 'pending']]);
    const both = await rowsOf({ accountId: master, range: week, channels: ['single', 'multiplayer'] });
    const single = await rowsOf({ accountId: master, range: week, channels: ['single'] });
    expect(both).toHaveLength(single.length + multi.length);
  });

  it('sees nothing of am, which only sits above', async () => {
    expect(await rowsOf({ accountId: am, range: week, channels: ['single', 'multiplayer'] })).toEqual([]);
  });
});
