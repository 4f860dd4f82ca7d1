import { sql } from 'drizzle-orm';
import { createNetwork, NETWORK, type NetworkIds } from '../../../../test/fixtures/network.js';
import { type Db, queryRows } from '../../../db/client.js';

/**
 * The money reports' test network: the shared test tree (test/fixtures/network.ts) plus a second
 * member of master1, four settlement weeks of plays (a losing week, plays at other agents'
 * cafes, a play at exactly Monday 00:00 IST), poker hands and loans. Everything the reference
 * needs is kept here as plain data; the database only ever gets it through INSERTs.
 *
 * Weeks (Monday-Sunday IST): W1 2025-02-17, W2 2025-02-24, W3 2025-03-03, W4 2025-03-10 (current).
 */
export const WEEKS = ['2025-02-17', '2025-02-24', '2025-03-03', '2025-03-10'] as const;
/** "Now": Wednesday of W4, 15:00 IST. */
export const NOW = '2025-03-12T15:00:00+05:30';
export const TODAY = '2025-03-12';

export type Username = (typeof NETWORK)[number][0] | 'player1b';

/** Commission (percent) of every account that earns one. */
export const COMMISSIONS: Partial<Record<Username, number>> = {
  superadmin: 5,
  admin1: 8,
  sam1: 10,
  am1: 12.5,
  master1: 50,
  master2: 40,
  admin2: 8,
  sam2: 10,
  am2: 15,
  master3: 30,
};

// master3 has two cafes and no loan: Multiple Cybers lists it with zero loan figures.
export const CAFES = { cafe1a: 'master1', cafe1b: 'master1', cafe2: 'master2', cafe3: 'master3', cafe3b: 'master3' } as const;
export type Cafe = keyof typeof CAFES;

export interface Play {
  member: Username;
  cafe: Cafe;
  game: number;
  play: number;
  win: number;
  at: string;
  /** A late play (docs/domain.md, "Data from the game platform"): the IST day it is booked on, in a later, open week. */
  booked?: string;
}

const p = (member: Username, cafe: Cafe, game: number, play: number, win: number, at: string): Play => ({
  member,
  cafe,
  game,
  play,
  win,
  at,
});

export const PLAYS: Play[] = [
  // W1
  p('player1', 'cafe1a', 1, 1000, 200, '2025-02-17T10:00:00+05:30'),
  p('player1b', 'cafe1b', 2, 500, 0, '2025-02-19T23:59:00+05:30'),
  p('player2', 'cafe2', 3, 800, 100, '2025-02-20T12:00:00+05:30'),
  p('player3', 'cafe3', 4, 400, 0, '2025-02-21T12:00:00+05:30'),
  // W2: master1 loses; player1 also plays at master2's cafe.
  p('player1', 'cafe1a', 1, 300, 2500, '2025-02-24T00:00:00+05:30'),
  p('player2', 'cafe2', 1, 600, 0, '2025-02-26T12:00:00+05:30'),
  p('player1', 'cafe2', 2, 250, 0, '2025-02-27T12:00:00+05:30'),
  // W3: the last play is Sunday 23:59 IST (Sunday 18:29 UTC).
  p('player1b', 'cafe1a', 3, 900, 100, '2025-03-03T09:00:00+05:30'),
  p('player1', 'cafe1b', 4, 700, 0, '2025-03-05T12:00:00+05:30'),
  p('player3', 'cafe3', 1, 1000, 0, '2025-03-08T12:00:00+05:30'),
  p('player2', 'cafe2', 4, 300, 450, '2025-03-09T23:59:00+05:30'),
  // W4 (open): player2 plays at master1's cafe.
  p('player1', 'cafe1a', 1, 2000, 0, '2025-03-10T08:00:00+05:30'),
  p('player2', 'cafe1a', 2, 120.5, 20.25, '2025-03-11T12:00:00+05:30'),
];

/**
 * Late plays: played in W2 and W3, they arrive on TODAY (W4) after W1-W3 are closed, so they are
 * booked on TODAY, in the open week W4 (addLatePlays). player2 wins more than it played.
 */
export const LATE_PLAYS: Play[] = [
  { ...p('player1', 'cafe1a', 2, 400, 0, '2025-02-26T18:00:00+05:30'), booked: TODAY },
  { ...p('player1b', 'cafe1b', 3, 150.75, 0, '2025-03-08T21:30:00+05:30'), booked: TODAY },
  { ...p('player2', 'cafe2', 1, 100, 260.5, '2025-03-04T11:00:00+05:30'), booked: TODAY },
];

/** Inserts LATE_PLAYS as the feed books them: their real time, booked on their arrival day. */
export async function addLatePlays(db: Db, ids: Ids): Promise<void> {
  for (const play of LATE_PLAYS) {
    await db.execute(
      sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at, booked_day)
          VALUES (${ids[play.member]}, (SELECT id FROM cafes WHERE name = ${play.cafe}), ${play.game}, ${cents(play.play)},
                  ${cents(play.win)}, ${play.at}::timestamptz, ${play.booked!})`,
    );
  }
}

export interface PokerHand {
  member: Username;
  cafe: Cafe;
  pot: number;
  rake: number;
  at: string;
}

export const POKER: PokerHand[] = [
  { member: 'player1', cafe: 'cafe1a', pot: 1000, rake: 50, at: '2025-02-18T20:00:00+05:30' },
  { member: 'player2', cafe: 'cafe2', pot: 2000, rake: 100.25, at: '2025-02-25T20:00:00+05:30' },
  { member: 'player1b', cafe: 'cafe1b', pot: 500, rake: 25, at: '2025-03-04T20:00:00+05:30' },
  { member: 'player3', cafe: 'cafe3', pot: 300, rake: 15, at: '2025-03-11T20:00:00+05:30' },
];

export interface Loan {
  agent: Username;
  principal: number;
  fee: number;
  rate: number;
  issuedAt: string;
}

export const LOANS: Loan[] = [
  // Nearly repaid in W1; its rate (50) stays the one used while it is open.
  { agent: 'master1', principal: 300, fee: 30, rate: 50, issuedAt: '2025-02-18T10:00:00+05:30' },
  { agent: 'master1', principal: 5000, fee: 100, rate: 20, issuedAt: '2025-03-04T10:00:00+05:30' },
  // Issued in W2: nothing taken in W1.
  { agent: 'master2', principal: 100, fee: 10, rate: 25, issuedAt: '2025-02-25T10:00:00+05:30' },
];

/** Registration instants of the members (the mail's "Reg" column). */
export const REGISTERED: Partial<Record<Username, string>> = {
  player1: '2025-01-10T09:00:00+05:30',
  player1b: '2025-01-31T23:30:00+05:30',
  player2: '2025-02-01T00:10:00+05:30',
};

/** Parent of every account, the extra member included. */
export const PARENT: Record<Username, Username | null> = {
  ...(Object.fromEntries(NETWORK.map(([name, , parent]) => [name, parent])) as Record<Username, Username | null>),
  player1b: 'master1',
};

export type Ids = NetworkIds & { player1b: string };

export async function buildMoneyNetwork(db: Db): Promise<Ids> {
  const network = await createNetwork(db);
  const [extra] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO accounts (username, role, parent_id, first_name, last_name)
        VALUES ('player1b', 'player', ${network.master1}, 'Pia', 'Bee') RETURNING id`,
  );
  const ids: Ids = { ...network, player1b: extra!.id };
  for (const [name, commission] of Object.entries(COMMISSIONS)) {
    await db.execute(sql`UPDATE accounts SET commission = ${commission} WHERE id = ${ids[name as Username]}`);
  }
  for (const [name, at] of Object.entries(REGISTERED)) {
    await db.execute(sql`UPDATE accounts SET created_at = ${at}::timestamptz WHERE id = ${ids[name as Username]}`);
  }
  const cafeIds = {} as Record<Cafe, string>;
  for (const [cafe, master] of Object.entries(CAFES)) {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO cafes (master_id, name) VALUES (${ids[master]}, ${cafe}) RETURNING id`,
    );
    cafeIds[cafe as Cafe] = row!.id;
  }
  for (const play of PLAYS) {
    await db.execute(
      sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
          VALUES (${ids[play.member]}, ${cafeIds[play.cafe]}, ${play.game}, ${cents(play.play)}, ${cents(play.win)}, ${play.at}::timestamptz)`,
    );
  }
  for (const hand of POKER) {
    await db.execute(
      sql`INSERT INTO poker_hands (member_id, cafe_id, pot_cents, rake_cents, played_at)
          VALUES (${ids[hand.member]}, ${cafeIds[hand.cafe]}, ${cents(hand.pot)}, ${cents(hand.rake)}, ${hand.at}::timestamptz)`,
    );
  }
  for (const loan of LOANS) {
    await db.execute(
      sql`INSERT INTO loans (agent_id, principal_cents, processing_fee_cents, deduction_percentage, issued_at)
          VALUES (${ids[loan.agent]}, ${cents(loan.principal)}, ${cents(loan.fee)}, ${loan.rate}, ${loan.issuedAt}::timestamptz)`,
    );
  }
  return ids;
}

export function cents(points: number): number {
  return Math.round(points * 100);
}
