import type { Role } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.js';
import type { RefLoan } from './reference-settlement.js';

/**
 * A small network built with plain SQL (the closure table and play_daily fill themselves by
 * trigger), with deterministic pseudo-random plays over six weeks, losing weeks, plays at other
 * agents' cafes, poker hands and loans. Everything the reference needs is kept here in memory.
 */
export const FIRST_WEEK = '2025-01-06';
/** "Now" of the tests: Wednesday of the sixth week (2025-02-10 .. 2025-02-16). */
export const TODAY = '2025-02-12';
export const NOW = new Date('2025-02-12T15:00:00+05:30');
export const WEEKS = ['2025-01-06', '2025-01-13', '2025-01-20', '2025-01-27', '2025-02-03', '2025-02-10'];
export const CLOSED_WEEKS = WEEKS.slice(0, 5);
export const CURRENT_WEEK = WEEKS[5]!;

interface AccountSpec {
  key: string;
  role: Role;
  parent: string | null;
  commissionBp: number;
  first: string;
  last: string;
}

const ACCOUNTS: AccountSpec[] = [
  { key: 'sa', role: 'superadmin', parent: null, commissionBp: 0, first: 'Super', last: 'Admin' },
  { key: 'admin1', role: 'admin', parent: 'sa', commissionBp: 9000, first: 'Ada', last: 'Min' },
  { key: 'sam1', role: 'superareamanager', parent: 'admin1', commissionBp: 8500, first: 'Sam', last: 'One' },
  { key: 'am1', role: 'areamanager', parent: 'sam1', commissionBp: 8050, first: 'Area', last: 'One' },
  { key: 'am2', role: 'areamanager', parent: 'sam1', commissionBp: 7000, first: 'Area', last: 'Two' },
  { key: 'master1', role: 'master', parent: 'am1', commissionBp: 5000, first: 'Mia', last: 'Ster' },
  { key: 'master2', role: 'master', parent: 'am1', commissionBp: 4000, first: 'Max', last: 'Two' },
  { key: 'master3', role: 'master', parent: 'am1', commissionBp: 3525, first: 'Meg', last: 'Three' },
  { key: 'master4', role: 'master', parent: 'am2', commissionBp: 10000, first: 'Mo', last: 'Four' },
  { key: 'player1', role: 'player', parent: 'master1', commissionBp: 0, first: 'Pia', last: 'One' },
  { key: 'player2', role: 'player', parent: 'master1', commissionBp: 0, first: 'Pat', last: 'Two' },
  { key: 'player3', role: 'player', parent: 'master2', commissionBp: 0, first: 'Pim', last: 'Three' },
  { key: 'player4', role: 'player', parent: 'master2', commissionBp: 0, first: 'Pol', last: 'Four' },
  { key: 'player5', role: 'player', parent: 'master3', commissionBp: 0, first: 'Pru', last: 'Five' },
  { key: 'player6', role: 'player', parent: 'master4', commissionBp: 0, first: 'Pax', last: 'Six' },
  { key: 'idle7', role: 'player', parent: 'master3', commissionBp: 0, first: 'Ida', last: 'Idle' },
];

const CAFES = [
  { key: 'cafe1a', master: 'master1' },
  { key: 'cafe1b', master: 'master1' },
  { key: 'cafe2', master: 'master2' },
  { key: 'cafe3', master: 'master3' },
  { key: 'cafe4', master: 'master4' },
];

const LOANS = [
  // Runs out in the fourth week; the rest of that week's deduction goes to loan2 (oldest first).
  { key: 'loan1', agent: 'master2', principal: 68_000, fee: 7_000, rateBp: 5000, issuedAt: '2025-01-08T11:00:00+05:30' },
  { key: 'loan2', agent: 'master2', principal: 2_000_000, fee: 100_000, rateBp: 3000, issuedAt: '2025-01-20T10:00:00+05:30' },
  // Default rate (50); issued in the fourth week.
  { key: 'loan3', agent: 'master1', principal: 10_000, fee: 1_000, rateBp: null, issuedAt: '2025-01-29T09:00:00+05:30' },
  // Exactly at 00:00 IST on Monday 2025-01-27: counts from that week on, not the week before.
  { key: 'loan4', agent: 'master3', principal: 80_000, fee: 0, rateBp: 6000, issuedAt: '2025-01-27T00:00:00+05:30' },
  // Issued in the current (open) week.
  { key: 'loan5', agent: 'master4', principal: 40_000, fee: 4_000, rateBp: 2500, issuedAt: '2025-02-11T12:00:00+05:30' },
] as const;

export interface NetAccount extends AccountSpec {
  id: string;
  username: string;
  createdDay: string;
}
export interface NetPlay {
  member: string;
  cafe: string;
  gameId: number;
  play: number;
  win: number;
  playedAtMs: number;
}
export interface NetHand {
  member: string;
  cafe: string;
  pot: number;
  rake: number;
  playedAtMs: number;
}
export interface NetLoan extends RefLoan {
  key: string;
  agent: string;
  principal: number;
  fee: number;
}

export interface Network {
  accounts: Map<string, NetAccount>;
  byId: Map<string, NetAccount>;
  cafes: Map<string, { id: string; master: string }>;
  plays: NetPlay[];
  hands: NetHand[];
  loans: NetLoan[];
}

/** mulberry32: a tiny seeded generator, so every run builds the same network. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const IST_MIDNIGHT = (day: string) => Date.parse(`${day}T00:00:00+05:30`);

export async function buildNetwork(db: Db, seed = 7): Promise<Network> {
  const rnd = random(seed);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

  const accounts = new Map<string, NetAccount>();
  for (const [index, spec] of ACCOUNTS.entries()) {
    const parentId = spec.parent ? accounts.get(spec.parent)!.id : null;
    const createdDay = `2024-12-${String(10 + index).padStart(2, '0')}`;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO accounts (username, role, parent_id, commission, first_name, last_name, created_at)
          VALUES (${spec.key}, ${spec.role}, ${parentId}, ${(spec.commissionBp / 100).toFixed(2)}, ${spec.first}, ${spec.last},
                  ${`${createdDay}T20:00:00+05:30`}::timestamptz)
          RETURNING id`,
    );
    accounts.set(spec.key, { ...spec, id: row!.id, username: spec.key, createdDay });
  }

  const cafes = new Map<string, { id: string; master: string }>();
  for (const cafe of CAFES) {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO cafes (master_id, name) VALUES (${accounts.get(cafe.master)!.id}, ${cafe.key}) RETURNING id`,
    );
    cafes.set(cafe.key, { id: row!.id, master: cafe.master });
  }

  const players = ACCOUNTS.filter((a) => a.role === 'player' && a.key !== 'idle7');
  const ownCafes = (master: string) => CAFES.filter((c) => c.master === master).map((c) => c.key);
  const plays: NetPlay[] = [];
  const hands: NetHand[] = [];
  for (let dayIndex = 0; dayIndex < 38; dayIndex++) {
    const day = new Date(Date.parse(`${FIRST_WEEK}T00:00:00Z`) + dayIndex * 86_400_000).toISOString().slice(0, 10);
    for (const player of players) {
      const count = int(0, 3);
      for (let i = 0; i < count; i++) {
        const elsewhere = rnd() < 0.15;
        const choices = elsewhere ? CAFES.filter((c) => c.master !== player.parent).map((c) => c.key) : ownCafes(player.parent!);
        const play = int(100, 100_000);
        // House edge about 20%; master2's members win big in the third week, master3's in the second.
        let win = Math.floor(rnd() * 1.6 * play);
        if (player.parent === 'master2' && day >= '2025-01-20' && day <= '2025-01-26') win = Math.floor(play * 1.5);
        if (player.parent === 'master3' && day >= '2025-01-13' && day <= '2025-01-19') win = Math.floor(play * 1.4);
        plays.push({
          member: player.key,
          cafe: choices[int(0, choices.length - 1)]!,
          gameId: int(1, 4),
          play,
          win,
          playedAtMs: IST_MIDNIGHT(day) + int(0, 24 * 60 - 1) * 60_000,
        });
      }
      if (rnd() < 0.3) {
        const pot = int(1_000, 50_000);
        hands.push({
          member: player.key,
          cafe: ownCafes(player.parent!)[0]!,
          pot,
          rake: int(0, Math.floor(pot / 10)),
          playedAtMs: IST_MIDNIGHT(day) + int(0, 24 * 60 - 1) * 60_000,
        });
      }
    }
  }
  // Week boundaries in IST: the last minute of a Sunday and the first of the next Monday.
  plays.push(
    { member: 'player1', cafe: 'cafe1a', gameId: 1, play: 77_700, win: 0, playedAtMs: Date.parse('2025-01-12T23:59:00+05:30') },
    { member: 'player1', cafe: 'cafe1a', gameId: 2, play: 55_500, win: 0, playedAtMs: Date.parse('2025-01-13T00:00:00+05:30') },
  );

  const values = plays.map(
    (p) =>
      sql`(${accounts.get(p.member)!.id}, ${cafes.get(p.cafe)!.id}, ${p.gameId}, ${p.play}, ${p.win}, ${new Date(p.playedAtMs).toISOString()}::timestamptz)`,
  );
  for (let i = 0; i < values.length; i += 1000) {
    await db.execute(
      sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
          VALUES ${sql.join(values.slice(i, i + 1000), sql`, `)}`,
    );
  }
  await db.execute(
    sql`INSERT INTO poker_hands (member_id, cafe_id, pot_cents, rake_cents, played_at) VALUES ${sql.join(
      hands.map(
        (h) =>
          sql`(${accounts.get(h.member)!.id}, ${cafes.get(h.cafe)!.id}, ${h.pot}, ${h.rake}, ${new Date(h.playedAtMs).toISOString()}::timestamptz)`,
      ),
      sql`, `,
    )}`,
  );

  const loans: NetLoan[] = [];
  for (const loan of LOANS) {
    const agentId = accounts.get(loan.agent)!.id;
    const issued = `${loan.issuedAt}`;
    const [row] = await queryRows<{ id: string }>(
      db,
      loan.rateBp === null
        ? sql`INSERT INTO loans (agent_id, principal_cents, processing_fee_cents, issued_at)
              VALUES (${agentId}, ${loan.principal}, ${loan.fee}, ${issued}::timestamptz) RETURNING id`
        : sql`INSERT INTO loans (agent_id, principal_cents, processing_fee_cents, deduction_percentage, issued_at)
              VALUES (${agentId}, ${loan.principal}, ${loan.fee}, ${(loan.rateBp / 100).toFixed(2)}, ${issued}::timestamptz)
              RETURNING id`,
    );
    loans.push({
      key: loan.key,
      agent: loan.agent,
      principal: loan.principal,
      fee: loan.fee,
      id: row!.id,
      issuedAtMs: Date.parse(loan.issuedAt),
      totalCents: loan.principal + loan.fee,
      rateBp: loan.rateBp ?? 5000,
    });
  }

  return { accounts, byId: new Map([...accounts.values()].map((a) => [a.id, a])), cafes, plays, hands, loans };
}
