import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { addDays, istDayStart, weekStartOf } from '../lib/dates.js';
import { definite } from '../lib/definite.js';
import { numberArray, textArray, uuidArray } from './arrays.js';
import { type DrawLayout, drawIdFor } from './draws.js';
import type { NetworkPlan, SeedCafe, SeedPlayer } from './network.js';
import { atHour, type Period } from './period.js';
import { CLOSE_HOUR, GAME_WEIGHTS, OPEN_HOUR, STAKE_MULTIPLIERS, winMultiplier } from './play-habits.js';
import { Random } from './random.js';
import type { SeedSummary } from './summary.js';
import { demoTerminals } from './terminals.js';
import { demoCafeId } from './write-network.js';

const TRIPLE_FUN_ID = 3;
const JACKPOT_MULTIPLIER = 300;

/** The keys of Row whose values are of type V. */
type KeysOf<Row, V> = { [K in keyof Row]: Row[K] extends V ? K : never }[keyof Row];

/** A column of the batch's rows as one array parameter (arrays.ts). */
interface Columns<Row> {
  uuids(key: KeysOf<Row, string>): SQL;
  texts(key: KeysOf<Row, string>): SQL;
  numbers(key: KeysOf<Row, number>, type?: 'smallint' | 'bigint'): SQL;
}

/**
 * Rows kept until there are enough for one INSERT ... SELECT FROM unnest(...), which `insert`
 * writes. A batch holds whole days (it is flushed between days) and is
 * written in the order of play, as a platform's feed writes them, so that a day's plays lie
 * together on disk as they do in a fed network (the BRIN index on played_at relies on it).
 */
class Batch<Row extends { at: number }> {
  private rows: Row[] = [];
  /** The INSERT under way: the next batch is made while the database writes this one. */
  private writing: Promise<unknown> = Promise.resolve();
  constructor(private readonly insert: (columns: Columns<Row>) => SQL) {}
  get size() {
    return this.rows.length;
  }
  add(row: Row): void {
    this.rows.push(row);
  }
  /** Sends the rows kept so far, once the previous INSERT is done (so ids follow the order of play). */
  async flush(db: Db): Promise<void> {
    await this.writing;
    // Stable: plays of the same moment keep the order they were made in.
    const rows = this.rows.sort((a, b) => a.at - b.at);
    if (rows.length === 0) return;
    const column = <V>(key: keyof Row) => rows.map((row) => row[key] as V);
    const statement = this.insert({
      uuids: (key) => uuidArray(column<string>(key)),
      texts: (key) => textArray(column<string>(key)),
      numbers: (key, type = 'bigint') => numberArray(column<number>(key), type),
    });
    this.rows = [];
    // A promise of its own: drizzle's query runs each time it is awaited.
    const sent = Promise.resolve(db.execute(statement));
    sent.catch(() => {}); // its failure comes out of the next flush or of done()
    this.writing = sent;
  }
  /** Waits for the last INSERT. */
  async done(): Promise<void> {
    await this.writing;
  }
}

interface PlayRow {
  member: string;
  cafe: string;
  game: number;
  draw: number;
  play: number;
  win: number;
  at: number;
  terminal: string;
}

// The play_daily roll-up follows through the statement-level trigger on plays.
const insertPlays = ({ uuids, texts, numbers }: Columns<PlayRow>) => sql`
  INSERT INTO plays (member_id, cafe_id, game_id, draw_id, play_points_cents, win_points_cents, played_at, terminal_id)
  SELECT m, c, g, d, p, w, to_timestamp(t / 1000.0), tm
    FROM unnest(${uuids('member')}, ${uuids('cafe')}, ${numbers('game', 'smallint')}, ${numbers('draw')},
                ${numbers('play')}, ${numbers('win')}, ${numbers('at')}, ${texts('terminal')}) AS u(m, c, g, d, p, w, t, tm)
`;

interface HandRow {
  member: string;
  cafe: string;
  pot: number;
  rake: number;
  at: number;
  terminal: string;
}

const insertHands = ({ uuids, texts, numbers }: Columns<HandRow>) => sql`
  INSERT INTO poker_hands (member_id, cafe_id, pot_cents, rake_cents, played_at, terminal_id)
  SELECT m, c, p, r, to_timestamp(t / 1000.0), tm
    FROM unnest(${uuids('member')}, ${uuids('cafe')}, ${numbers('pot')}, ${numbers('rake')},
                ${numbers('at')}, ${texts('terminal')}) AS u(m, c, p, r, t, tm)
`;

export interface PlayOptions {
  /** The network's seed: each cafe's terminals (terminals.ts). */
  seed: number;
  batchRows: number;
  progress: (message: string) => void;
}

/**
 * Plays and poker hands, day by day, player by player, in big batches. Players play most days
 * at their master's cafes and now and then at another master's (mostly one nearby). The fixed
 * players also play away and at the poker table every Monday of the last four weeks, so that
 * the demo accounts always show both. One week, master2's network loses: a Triple Fun jackpot
 * for player2 outweighs the week's stakes (so the carry-forward shows in its settlement).
 * Every play and hand is made on one of its cafe's terminals.
 */
export async function writePlays(
  db: Db,
  plan: NetworkPlan,
  period: Period,
  layout: DrawLayout,
  random: Random,
  summary: SeedSummary,
  options: PlayOptions,
): Promise<void> {
  const rng = random.fork('plays');
  const cutoffMs = period.cutoff.getTime();
  const currentWeek = weekStartOf(period.endDay);
  const lastFourWeeksFrom = addDays(period.endDay, -27);
  const losingWeek = addDays(currentWeek, -21);
  const master2 = definite(plan.byUsername.get('master2'), 'master2');
  const player2 = definite(
    plan.players.find((p) => p.account.username === 'player2'),
    'player2',
  );
  const losingWeekTotals = { play: 0, win: 0 };
  const plays = new Batch(insertPlays);
  const hands = new Batch(insertHands);
  // A stream of its own, so that the terminals change none of the plays' other figures.
  const terminalRng = new Random(options.seed, 'play-terminals');
  const terminalsOf = new Map(plan.cafes.map((cafe, i) => [cafe.id, demoTerminals(options.seed, demoCafeId(i + 1))]));
  const terminalAt = (cafe: SeedCafe) => {
    const terminals = terminalsOf.get(cafe.id);
    if (!terminals) throw new Error(`cafe ${cafe.id} has no terminals`);
    return terminalRng.pick(terminals);
  };

  const addPlay = (player: SeedPlayer, cafe: SeedCafe, gameId: number, atMs: number, playCents: number, winCents: number) => {
    if (atMs > cutoffMs) return;
    const draw = drawIdFor(layout, gameId, atMs);
    plays.add({
      member: player.account.id,
      cafe: cafe.id,
      game: gameId,
      draw,
      play: playCents,
      win: winCents,
      at: atMs,
      terminal: terminalAt(cafe),
    });
    summary.plays.count += 1;
    summary.plays.playCents += playCents;
    summary.plays.winCents += winCents;
  };

  for (const day of period.days) {
    const dayStartMs = istDayStart(day).getTime();
    const week = weekStartOf(day);
    const showcase = day >= lastFourWeeksFrom && week === day; // Mondays of the last four weeks
    const timeOfPlay = () => dayStartMs + Math.floor((OPEN_HOUR + rng.next() * (CLOSE_HOUR - OPEN_HOUR)) * 3600) * 1000;
    for (const player of plan.players) {
      if (day < player.firstDay || day > player.lastDay) continue;
      const forced = showcase && player.account.fixed;
      if (!rng.chance(player.activity) && !forced) continue;
      const slips = Math.max(1, Math.round(player.playsPerDay * (0.4 + 1.2 * rng.next())));
      for (let i = 0; i < slips; i++) {
        const atMs = timeOfPlay();
        const game = rng.weighted(GAME_WEIGHTS);
        const cafe = pickCafe(rng, plan, player, atMs, forced && i === 0);
        const playCents = player.stakeCents * (game.raise ? rng.pick(STAKE_MULTIPLIERS) : 1);
        const winCents = playCents * winMultiplier(rng, game.wins);
        addPlay(player, cafe, game.id, atMs, playCents, winCents);
        if (player.master === master2 && week === losingWeek && atMs <= cutoffMs) {
          losingWeekTotals.play += playCents;
          losingWeekTotals.win += winCents;
        }
      }
      if (rng.chance(player.pokerChance) || forced) {
        const count = rng.int(1, 6);
        for (let i = 0; i < count; i++) {
          const atMs = timeOfPlay();
          const cafe = pickCafe(rng, plan, player, atMs, false);
          const potCents = player.stakeCents * rng.int(3, 40);
          const rakeCents = Math.round((potCents * rng.int(3, 5)) / 100);
          if (atMs > cutoffMs) continue;
          hands.add({
            member: player.account.id,
            cafe: cafe.id,
            pot: potCents,
            rake: rakeCents,
            at: atMs,
            terminal: terminalAt(cafe),
          });
          summary.pokerHands.count += 1;
          summary.pokerHands.potCents += potCents;
          summary.pokerHands.rakeCents += rakeCents;
        }
      }
    }
    if (day === addDays(losingWeek, 6)) {
      // Enough whole points at 300x to turn the week's profit into a loss of a quarter of its stakes.
      const margin = Math.max(1_000_00, Math.round(losingWeekTotals.play / 4));
      const needed = losingWeekTotals.play - losingWeekTotals.win + margin;
      const stakeCents = Math.max(1, Math.ceil(needed / (JACKPOT_MULTIPLIER - 1) / 100)) * 100;
      addPlay(
        player2,
        definite(player2.homeCafes[0], "player2's home cafe"),
        TRIPLE_FUN_ID,
        atHour(day, 21.25).getTime(),
        stakeCents,
        stakeCents * JACKPOT_MULTIPLIER,
      );
    }
    if (plays.size >= options.batchRows) await plays.flush(db);
    if (hands.size >= options.batchRows) await hands.flush(db);
    if (day === period.endDay || addDays(day, 1) === addDays(week, 7)) {
      options.progress(
        `plays: ${summary.plays.count.toLocaleString('en-IN')}, poker hands: ${summary.pokerHands.count.toLocaleString('en-IN')} (to ${day})`,
      );
    }
  }
  await plays.flush(db);
  await hands.flush(db);
  await plays.done();
  await hands.done();
}

/** The player's own cafe, or (now and then, or when `away`) another master's open cafe. */
function pickCafe(rng: Random, plan: NetworkPlan, player: SeedPlayer, atMs: number, away: boolean): SeedCafe {
  const home = rng.pick(player.homeCafes);
  if (!away && !rng.chance(player.awayChance)) return home;
  const pool = player.nearbyCafes.length > 0 && rng.chance(0.6) ? player.nearbyCafes : plan.openCafes;
  for (let attempt = 0; attempt < 4; attempt++) {
    const cafe = rng.pick(pool);
    if (cafe.masterId !== player.master.id && cafe.createdAt.getTime() <= atMs) return cafe;
  }
  return home;
}
