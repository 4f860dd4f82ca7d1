import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { closeFinishedWeeks } from './close-weeks.js';

export const SETTLEMENT_INTERVAL_MS = 60 * 60 * 1000;

export interface SettlementLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SettlementSchedule {
  /** The start-up run (never rejects: failures are logged). */
  firstRun: Promise<void>;
  /** Runs now, or joins the run in progress; never rejects. */
  runNow(): Promise<void>;
  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Closes finished weeks at start-up and then every hour. Runs never overlap, errors are logged
 * and never thrown, and the timer does not keep the process alive. Given the app, it stops on
 * app.close(), waiting for a run in progress (when called before app.listen(); after it, it stops
 * when the server closes without waiting: call stop() before closing the database then).
 */
export function startSettlementSchedule(
  target: FastifyInstance | Db,
  log: SettlementLog,
  clock: Clock,
  options: { intervalMs?: number } = {},
): SettlementSchedule {
  const app = isApp(target) ? target : null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const runNow = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      try {
        const db = app ? app.db : (target as Db);
        const { closed } = await closeFinishedWeeks(db, { now: clock.now() });
        if (closed.length > 0) log.info({ closed }, 'settlement: closed weeks');
      } catch (err) {
        log.error({ err }, 'settlement: closing finished weeks failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const timer = setInterval(() => void runNow(), options.intervalMs ?? SETTLEMENT_INTERVAL_MS);
  timer.unref();

  const stop = async (): Promise<void> => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
  if (app) {
    try {
      app.addHook('onClose', stop);
    } catch {
      // Fastify refuses hooks once listening: stop when its server closes (without waiting).
      app.server.once('close', () => void stop());
    }
  }

  return { firstRun: runNow(), runNow, stop };
}

function isApp(target: FastifyInstance | Db): target is FastifyInstance {
  return typeof (target as FastifyInstance).addHook === 'function';
}
