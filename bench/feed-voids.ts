import { DRAW_GAMES, type FeedEventInput } from '@playrep/contracts';
import { openDatabase } from '../apps/server/src/db/client.js';
import { addDays, istDay, istDayStart, weekStartOf } from '../apps/server/src/lib/dates.js';
import { applyFeedBatch } from '../apps/server/src/modules/feed/batch.js';
import { createFeedKey } from '../apps/server/src/modules/feed/keys.js';
import { closeFinishedWeeks } from '../apps/server/src/modules/settlement/index.js';
import type { FedDatabase } from './fed-database.js';

/**
 * Voided plays (docs/feed.md, "Voided plays and hands"), in this process on the bench's database
 * once the server has stopped: each batch goes through the feed's own entry point (applyFeedBatch,
 * one transaction, as the HTTP endpoint calls it) and is timed from the call to its answer. The
 * cases run in rounds, one of each per round, so that the machine's load falls on all of them alike:
 *
 * - 1,000 plays; 1,000 plays with 2 voids of plays of the same batch (1 in 500, as the simulator
 *   sends them); 1,000 plays with 2 voids of plays of an earlier batch;
 * - 1,000 voids of an open week's plays;
 * - a cancelled draw: 5,000 plays on one draw (5 batches), then its 5,000 voids in one batch;
 * - last, on a throwaway database only: the current week is closed (its settlement as of next
 *   Monday) and 1,000 voids of its plays arrive next Monday: 1,000 reversals.
 *
 * Plays use the simulator's network (prefix "bench": bench-player1.., bench-cafe1..), already set up.
 */
const BATCH = 1_000;
const DRAW = 5_000;
const DRAW_MS = 90_000;
const PLAYERS = 100;
const CAFES = 6;

export interface VoidCase {
  label: string;
  /** Milliseconds of each round's batch. */
  times: number[];
}

export interface VoidsOutcome {
  plays: VoidCase;
  withVoids: VoidCase;
  withEarlierVoids: VoidCase;
  openVoids: VoidCase;
  closedVoids: VoidCase | null;
  drawVoids: VoidCase;
}

export async function measureVoids(database: FedDatabase, rounds: number, throwaway: boolean): Promise<VoidsOutcome> {
  const opened = await openDatabase({ ...database.open, poolSize: 2 });
  const db = opened.db;
  try {
    const run = Date.now().toString(36).slice(-6);
    const key = await createFeedKey(db, `bench-voids-${run}`, new Date());
    let sequence = 0;
    const pick = (n: number) => 1 + (sequence % n);
    const play = (drawAt: string, at: string): FeedEventInput => {
      const id = `bench-void-${run}-${++sequence}`;
      const stake = 10 * (1 + (sequence % 5));
      return {
        id,
        type: 'play',
        playId: id,
        member: `bench-player${pick(PLAYERS)}`,
        cafeId: `bench-cafe${pick(CAFES)}`,
        game: DRAW_GAMES[sequence % DRAW_GAMES.length]!.code,
        drawAt,
        stake,
        win: sequence % 4 === 0 ? stake * 2 : 0,
        at,
      };
    };
    const voidOf = (playId: string, at: string, suffix = ''): FeedEventInput => ({
      id: `${playId}-voided${suffix}`,
      type: 'play.voided',
      playId,
      at,
      reason: 'draw cancelled',
    });
    const playIds = (events: FeedEventInput[]) => events.flatMap((e) => (e.type === 'play' ? [e.playId] : []));
    /** Applies one batch at `now` (default: the real time); its milliseconds. */
    const apply = async (events: FeedEventInput[], now = new Date()): Promise<number> => {
      const started = performance.now();
      const answer = await applyFeedBatch(db, { keyId: key.id, events, now });
      const elapsed = performance.now() - started;
      if (answer.applied !== events.length) throw new Error(`voids bench: ${answer.applied} of ${events.length} applied`);
      return elapsed;
    };
    const playsNow = (count: number) => {
      const now = Date.now();
      const drawAt = new Date(Math.ceil(now / DRAW_MS) * DRAW_MS).toISOString();
      const at = new Date(now).toISOString();
      return Array.from({ length: count }, () => play(drawAt, at));
    };

    const outcome: VoidsOutcome = {
      plays: { label: '1,000 plays', times: [] },
      withVoids: { label: '1,000 plays, 2 voids of them', times: [] },
      withEarlierVoids: { label: '1,000 plays, 2 voids of earlier plays', times: [] },
      openVoids: { label: "1,000 voids, open week's plays", times: [] },
      closedVoids: throwaway ? { label: "1,000 voids, closed week's (reversals)", times: [] } : null,
      drawVoids: { label: "a cancelled draw's 5,000 voids", times: [] },
    };
    const forClosedWeek: string[][] = [];
    for (let round = 0; round < rounds; round++) {
      const plain = playsNow(BATCH);
      outcome.plays.times.push(await apply(plain));

      const withVoids = playsNow(BATCH);
      const at = new Date().toISOString();
      withVoids.splice(300, 0, voidOf(playIds(withVoids)[299]!, at));
      withVoids.splice(800, 0, voidOf(playIds(withVoids)[798]!, at));
      outcome.withVoids.times.push(await apply(withVoids));

      const earlier = playIds(plain);
      const withEarlier = playsNow(BATCH);
      withEarlier.splice(300, 0, voidOf(earlier[299]!, at));
      withEarlier.splice(800, 0, voidOf(earlier[799]!, at));
      outcome.withEarlierVoids.times.push(await apply(withEarlier));

      const voided = playIds(withEarlier);
      outcome.openVoids.times.push(await apply(voided.map((id) => voidOf(id, new Date().toISOString()))));

      if (throwaway) {
        const kept = playsNow(BATCH);
        await apply(kept);
        forClosedWeek.push(playIds(kept));
      }
    }

    // A cancelled draw: 5,000 plays on one draw, then their voids in one batch.
    for (let round = 0; round < Math.min(rounds, 2); round++) {
      const now = Date.now();
      const drawAt = new Date(Math.ceil(now / DRAW_MS) * DRAW_MS + DRAW_MS).toISOString();
      const onDraw: string[] = [];
      for (let i = 0; i < DRAW / BATCH; i++) {
        const batch = Array.from({ length: BATCH }, () => play(drawAt, new Date().toISOString()));
        await apply(batch);
        onDraw.push(...playIds(batch));
      }
      const at = new Date().toISOString();
      outcome.drawVoids.times.push(await apply(onDraw.map((id) => voidOf(id, at))));
    }

    if (outcome.closedVoids) {
      // The current week closes (as it would next Monday); the voids arrive next Monday.
      const nextMonday = istDayStart(addDays(weekStartOf(istDay(new Date())), 7));
      const arrival = new Date(nextMonday.getTime() + 3_600_000);
      await closeFinishedWeeks(db, { now: arrival });
      for (const [round, ids] of forClosedWeek.entries()) {
        const at = new Date(arrival.getTime() - 60_000 + round).toISOString();
        outcome.closedVoids.times.push(
          await apply(
            ids.map((id) => voidOf(id, at)),
            new Date(arrival.getTime() + round * 1000),
          ),
        );
      }
    }
    return outcome;
  } finally {
    await opened.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const ms = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

/** The voids' lines of the report, each aim as met or missed; `playsPerSecond`: the throughput phase. */
export function reportVoids(outcome: VoidsOutcome, playsPerSecond: number, playsAim: number): string {
  const base = median(outcome.plays.times);
  const lines = [
    `  voids (in process, median of ${outcome.plays.times.length} rounds; ratio to 1,000 plays in the same rounds):`,
    '    batch                                      median ms   ratio  aim',
  ];
  const line = (c: VoidCase, ratioAim: number | null, msAim: number | null) => {
    const m = median(c.times);
    const ratio = m / base;
    const aims: string[] = [];
    if (ratioAim !== null) aims.push(`<= ${ratioAim.toFixed(2)}x: ${verdict(ratio <= ratioAim)}`);
    if (msAim !== null) aims.push(`< ${(msAim / 1000).toFixed(0)} s: ${verdict(m < msAim)}`);
    lines.push(`    ${c.label.padEnd(42)} ${ms(m).padStart(9)} ${ratio.toFixed(2).padStart(7)}  ${aims.join(', ') || '-'}`);
  };
  line(outcome.plays, null, null);
  line(outcome.withVoids, 1.1, null);
  line(outcome.withEarlierVoids, 1.1, null);
  line(outcome.openVoids, 2, null);
  if (outcome.closedVoids) line(outcome.closedVoids, 2, null);
  else lines.push("    1,000 voids, closed week's (reversals)     not run: it closes the current week (throwaway database only)");
  line(outcome.drawVoids, null, 5_000);
  lines.push(
    `  plays' rate with 1 void in 500 (the throughput above): ${Math.round(playsPerSecond).toLocaleString('en')} plays/s - aim ${playsAim.toLocaleString('en')}: ${verdict(playsPerSecond >= playsAim)}`,
  );
  return lines.join('\n');
}
