import type { FeedEventInput } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import type { RunningJob } from '../../db/jobs.js';
import type { Clock } from '../../lib/clock.js';
import { definite } from '../../lib/definite.js';
import { applyFeedBatch } from '../../modules/feed/batch.js';
import { createFeedKey, FeedKeyNameTaken, findLiveFeedKeyByName } from '../../modules/feed/keys.js';
import { FeedBatchRefused } from '../../modules/feed/refusal.js';
import { SCALE_CONFIGS } from '../scales.js';
import { type ActivityOptions, type LiveWindow, liveEvents } from './activity.js';
import { readLiveNetwork } from './live-network.js';

/**
 * The live demo (docs/domain.md, "Data from the game platform"): while the server runs, the demo network keeps living
 * through the feed's own apply code, under its own feed key ("demo"), exactly as a platform's
 * batches are applied: the draws as they fall due, plays and poker hands in cafe hours, transfers
 * and their resolutions, now and then a new player (activity.ts says what and how often).
 *
 * Time is cut on the draw grid (one draw per game every draw interval, from the epoch): each
 * batch covers whole intervals (from, to] and carries the results of the draws at their ends. So
 * the latest draw with a result is exactly how far the demo has fed, kept by the batches
 * themselves (all or nothing): a restart goes on from there, and nothing is posted twice. At start
 * it first catches up the time since then, at most 14 days (an older gap stays empty); then it
 * posts one batch as each draw falls due.
 */

export const DEMO_FEED_KEY_NAME = 'demo';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The small network's cadence: one draw per game every 90 seconds. */
export const DEMO_DRAW_INTERVAL_MS = SCALE_CONFIGS.small.drawIntervalSeconds * 1000;
const MAX_CATCH_UP_MS = 14 * DAY_MS;
/**
 * Draw intervals per batch: 6 hours while catching up at start (the fewer batches the faster),
 * an hour when behind while serving (a batch holds the embedded database for its few
 * milliseconds, and batches are spaced). A batch carries at most MAX_EVENTS events.
 */
const START_INTERVALS = 240;
const BEHIND_INTERVALS = 40;
const BEHIND_PAUSE_MS = 100;
const MAX_EVENTS = 2_000;
/** After a failure (the database unreachable, say), the next try waits this long. */
const RETRY_MS = 30_000;
/** A draw falls due at its time; its batch goes a moment later. */
const DUE_DELAY_MS = 250;
/** Waiting for the next draw, the clock is read again at least this often (it may jump). */
const POLL_MS = 1_000;

export interface DemoFeedLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DemoFeedOptions {
  db: Db;
  clock: Clock;
  log: DemoFeedLog;
  /** Seed of the demo network (SEED): the live activity is drawn from it too. */
  seed: number;
  drawIntervalMs?: number;
  maxCatchUpMs?: number;
  /** Told after each applied batch (tests). */
  onBatch?: (batch: DemoBatch) => void;
}

export interface DemoBatch extends LiveWindow {
  applied: number;
  duplicates: number;
}

export interface DemoFeed extends RunningJob {
  /** Settles once the time since the last run is caught up (or when there is nothing to feed, or on stop). */
  readonly ready: Promise<void>;
  /** True while it feeds a demo network (false before it found one, when there is none, once stopped). */
  readonly feeding: boolean;
}

export function startDemoFeed(options: DemoFeedOptions): DemoFeed {
  const { db, clock, log } = options;
  const interval = options.drawIntervalMs ?? DEMO_DRAW_INTERVAL_MS;
  const maxCatchUp = options.maxCatchUpMs ?? MAX_CATCH_UP_MS;
  const grid = (ms: number) => Math.floor(ms / interval) * interval;
  let stopped = false;
  let feeding = false;
  let wake: (() => void) | null = null;
  let markCaughtUp!: () => void;
  const ready = new Promise<void>((resolve) => {
    markCaughtUp = resolve;
  });
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, ms));
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const run = async () => {
    if ((await readLiveNetwork(db)).players.length === 0) {
      log.info({}, 'demo feed: this database holds no demo network to keep living (no demo cafes with players); it stays idle');
      return;
    }
    feeding = true;
    const keyId = await demoFeedKey(db, clock.now());
    const activity: ActivityOptions = {
      seed: options.seed,
      drawIntervalMs: interval,
    };
    const nowMs = clock.now().getTime();
    const floor = grid(nowMs - maxCatchUp);
    const last = await lastDrawnMs(db, clock.now());
    let from = last === null || last < floor ? floor : grid(last);
    if (grid(nowMs) > from) {
      log.info(
        { from: new Date(from).toISOString(), gapStartsAt: last === null ? null : new Date(last).toISOString() },
        'demo feed: catching up the time since it last ran',
      );
    }
    let catchingUp = true;
    let caughtUpEvents = 0;
    const started = Date.now();
    while (!stopped) {
      const due = grid(clock.now().getTime());
      if (due <= from) {
        if (catchingUp && caughtUpEvents > 0)
          log.info({ events: caughtUpEvents, ms: Date.now() - started }, 'demo feed: caught up');
        catchingUp = false;
        markCaughtUp();
        await sleep(Math.min(POLL_MS, from + interval + DUE_DELAY_MS - clock.now().getTime()));
        continue;
      }
      // Asleep for long (a laptop's lid closed): an older gap stays empty, as at start.
      if (due - from > maxCatchUp) from = grid(clock.now().getTime() - maxCatchUp);
      try {
        const span = (catchingUp ? START_INTERVALS : BEHIND_INTERVALS) * interval;
        const batch = await postWindow(db, keyId, clock, log, { fromMs: from, toMs: Math.min(due, from + span) }, activity);
        from = batch.toMs;
        caughtUpEvents += batch.applied;
        options.onBatch?.(batch);
        if (!catchingUp && from < due) await sleep(BEHIND_PAUSE_MS);
      } catch (err) {
        // The start does not wait for a feed that cannot write: it goes on trying in the background.
        markCaughtUp();
        log.error({ err }, 'demo feed: a batch failed; trying again shortly');
        await sleep(RETRY_MS);
      }
    }
  };

  const running = run()
    .catch((err) => log.error({ err }, 'demo feed: stopped after an error'))
    .finally(markCaughtUp);
  return {
    ready,
    get feeding() {
      return feeding && !stopped;
    },
    async stop() {
      stopped = true;
      wake?.();
      await running;
    },
  };
}

/** Applies the events of one window through the feed; events it refuses are left out (and logged). */
async function postWindow(
  db: Db,
  keyId: number,
  clock: Clock,
  log: DemoFeedLog,
  window: LiveWindow,
  activity: ActivityOptions,
): Promise<DemoBatch> {
  const network = await readLiveNetwork(db);
  let events: FeedEventInput[] = liveEvents(network, window, activity);
  if (events.length > MAX_EVENTS && window.toMs - window.fromMs > activity.drawIntervalMs) {
    // Too much for one batch: the first half of the window now, the rest next time.
    const half = Math.floor((window.toMs - window.fromMs) / 2 / activity.drawIntervalMs) * activity.drawIntervalMs;
    return postWindow(db, keyId, clock, log, { fromMs: window.fromMs, toMs: window.fromMs + half }, activity);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await applyFeedBatch(db, { keyId, events, now: clock.now() });
      return { ...window, applied: answer.applied, duplicates: answer.duplicates };
    } catch (err) {
      // Something changed under the demo (another source's transfer, a deactivated account): the
      // feed lists what it refuses, and the rest goes without it, as a platform would do.
      if (!(err instanceof FeedBatchRefused) || err.statusCode !== 422 || !('errors' in err.body) || attempt >= 3) throw err;
      const refused = new Set(err.body.errors.map((e) => e.index));
      log.warn({ refused: err.body.errors.slice(0, 5), count: refused.size }, 'demo feed: events refused, sending the others');
      events = events.filter((_, index) => !refused.has(index));
    }
  }
}

/** The demo's own feed key: its counts show in `npm run feeds -- list` like any platform's. */
async function demoFeedKey(db: Db, now: Date): Promise<number> {
  const found = await findLiveFeedKeyByName(db, DEMO_FEED_KEY_NAME);
  if (found) return found.id;
  try {
    return (await createFeedKey(db, DEMO_FEED_KEY_NAME, now)).id;
  } catch (err) {
    if (!(err instanceof FeedKeyNameTaken)) throw err;
    return definite(await findLiveFeedKeyByName(db, DEMO_FEED_KEY_NAME), 'the demo feed key').id;
  }
}

/** The time of the latest draw with a result, not after now (one backward index probe per game). */
export async function lastDrawnMs(db: Db, now: Date): Promise<number | null> {
  const [row] = await queryRows<{ last: Date | string | null }>(
    db,
    sql`SELECT max((SELECT max(d.draw_time) FROM draws d
                     WHERE d.game_id = g.id AND d.drawno IS NOT NULL AND d.draw_time <= ${now.toISOString()}::timestamptz)) AS last
          FROM games g WHERE g.kind = 'draw'`,
  );
  return row?.last ? new Date(row.last).getTime() : null;
}
