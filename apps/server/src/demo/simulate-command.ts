import { parseArgs } from 'node:util';
import type { SimulatorOptions, SimulatorStats } from './simulator.js';

export const SIMULATE_USAGE = `Usage: npm run simulate -- --url URL --key KEY [--rate N] [options]

Feeds a running Playrep server (PostgreSQL or embedded) the way a game platform does, through
POST /api/feed/v1/events with a feed key: first a small network of its own (an admin under
--parent down to 4 masters with 6 cafes and --players players, funded from the house), then
plays at N a second in batches, the draw results as they fall due, some transfers and their
resolutions, now and then a new player, and rarely (1 play in 500) a play voided. Ctrl-C stops
it after the batch in flight.
A batch the server cannot take just now (no answer, 503 while its database is down, 429) is sent
again as it was until it is taken, backing off with jitter (the server's Retry-After, else from
0.5 s up to 10 s).

  --url URL          the server, e.g. http://localhost:3000 (required)
  --key KEY          a feed key of that server: npm run feeds -- create NAME (required)
  --rate N           plays a second (default 20)
  --batch N          plays per batch (default a second's worth, at most 1,000)
  --concurrency N    batches in flight at once (default 1)
  --duration S       stop after S seconds (default: run until Ctrl-C)
  --prefix P         start of its usernames, cafe ids and event ids (default sim); the same
                     prefix again plays on the same network
  --parent NAME      the existing account its admin is created under (default superadmin)
  --house NAME       the house account's username (default HOUSE)
  --players N        players of its network (default 100)

Exit codes: 0 stopped (Ctrl-C or --duration), 1 refused by the server or unreachable at start, 2 usage.`;

export type SimulateCommand = { kind: 'help' } | { kind: 'run'; options: Omit<SimulatorOptions, 'signal' | 'report'> };

/** Reads the arguments: a usage problem is a string. */
export function parseSimulateCommand(argv: string[]): SimulateCommand | string {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        url: { type: 'string' },
        key: { type: 'string' },
        rate: { type: 'string' },
        batch: { type: 'string' },
        concurrency: { type: 'string' },
        duration: { type: 'string' },
        prefix: { type: 'string' },
        parent: { type: 'string' },
        house: { type: 'string' },
        players: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    return (err as Error).message;
  }
  if (values.help) return { kind: 'help' };
  const url = values.url as string | undefined;
  const key = values.key as string | undefined;
  if (!url) return 'Missing --url: the server to feed, e.g. --url http://localhost:3000.';
  if (!/^https?:\/\/[^/\s]+\/?$/.test(url))
    return `--url must be a server's origin such as http://localhost:3000: "${url}" is not.`;
  if (!key) return 'Missing --key: a feed key of that server (npm run feeds -- create NAME prints one).';
  const number = (name: string, fallback: number | undefined, min: number, max: number): number | string | undefined => {
    const text = values[name] as string | undefined;
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max)
      return `--${name} must be a number from ${min} to ${max}: "${text}" is not.`;
    return value;
  };
  const rate = number('rate', 20, 0.1, 1_000_000);
  const batch = number('batch', undefined, 1, 5_000);
  const concurrency = number('concurrency', 1, 1, 16);
  const duration = number('duration', undefined, 1, 365 * 86_400);
  const players = number('players', 100, 1, 10_000);
  for (const value of [rate, batch, concurrency, duration, players]) if (typeof value === 'string') return value;
  const prefix = (values.prefix as string | undefined) ?? 'sim';
  if (!/^[a-z0-9][a-z0-9-]{0,11}$/.test(prefix))
    return `--prefix must be 1 to 12 lowercase letters, digits or "-": "${prefix}" is not.`;
  return {
    kind: 'run',
    options: {
      url,
      key,
      rate: rate as number,
      ...(batch === undefined ? {} : { batchSize: Math.round(batch as number) }),
      concurrency: Math.round(concurrency as number),
      ...(duration === undefined ? {} : { durationMs: (duration as number) * 1000 }),
      prefix,
      parent: (values.parent as string | undefined) ?? 'superadmin',
      house: (values.house as string | undefined) ?? 'HOUSE',
      players: Math.round(players as number),
    },
  };
}

/** One progress line: what was applied, at what rate, and how long batches took. */
export function progressLine(stats: SimulatorStats): string {
  const seconds = stats.elapsedMs / 1000;
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  // With no latencies yet, the index is -1: 0.
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const n = (value: number) => Math.round(value).toLocaleString('en');
  return (
    `${n(stats.plays)} plays in ${seconds.toFixed(1)} s (${n(seconds > 0 ? stats.plays / seconds : 0)}/s), ` +
    `${n(stats.draws)} draws, ${n(stats.transfers)} transfers, ${n(stats.resolutions)} resolutions, ${n(stats.newPlayers)} new players` +
    (stats.voids > 0 ? `, ${n(stats.voids)} voided` : '') +
    (stats.leftOut > 0 ? `, ${n(stats.leftOut)} left out (refused)` : '') +
    (stats.retries > 0 ? `, ${n(stats.retries)} sent again` : '') +
    `; batch p50 ${n(at(0.5))} ms, p95 ${n(at(0.95))} ms`
  );
}
