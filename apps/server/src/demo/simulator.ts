import { DRAW_GAMES, type FeedBatchResponse, type FeedEventError, type FeedEventInput } from '@playrep/contracts';
import { definite } from '../lib/definite.js';
import { DRAW_GAME_IDS } from './draws.js';
import { points, transferEvent } from './live/activity.js';
import { liveDrawResult } from './live/draw-results.js';
import { personName } from './names.js';
import { GAME_WEIGHTS, STAKE_MULTIPLIERS, winMultiplier } from './play-habits.js';
import { Random } from './random.js';
import { demoTerminals } from './terminals.js';

/**
 * A platform's stream for any running server, over HTTP with a feed key only (npm run simulate,
 * and the feed benchmark). It first sets up a small network of its own through the feed (an admin
 * under an existing account, down to masters with cafes and players, funded from the house), then
 * sends plays at a steady rate in batches, with the draw results as they fall due, some transfers
 * and their resolutions, now and then a new player, and rarely a play voided (1 in VOID_ONE_IN).
 *
 * The set-up's events have ids made from the prefix alone, so a second run with the same prefix
 * finds them applied (duplicates) and plays on the same network; everything else carries the run's
 * own id. A batch whose answer is lost, or that the server cannot take just now (503: its database
 * is down; 429), is sent again as it was, for as long as it takes, backing off with jitter (the
 * feed acknowledges what it had applied as duplicates); events the server refuses because of what
 * others did meanwhile (a draw result posted by another source, a transfer the wallet no longer
 * covers) are left out and the rest sent again.
 */

export interface SimulatorOptions {
  /** The server's origin, e.g. http://localhost:3000. */
  url: string;
  /** A live feed key. */
  key: string;
  /** Plays a second (Infinity: as fast as the server takes them). */
  rate: number;
  /** Plays per batch (default: a second's worth, at most 1,000). */
  batchSize?: number;
  /** Batches in flight at once (default 1). */
  concurrency?: number;
  /** Start of its usernames, cafe ids and event ids (default "sim"). */
  prefix?: string;
  /** The existing account its admin is created under (default "superadmin"). */
  parent?: string;
  /** The house account's username, which funds its network (default "HOUSE"). */
  house?: string;
  /** Players of its network (default 100). */
  players?: number;
  /** Stops after this long (default: when `signal` aborts). */
  durationMs?: number;
  signal?: AbortSignal;
  /** Told once its network is set up. */
  onSetUp?: (setUp: SimulatorStats['setUp']) => void;
  /** Told each time a batch waits to be sent again: why, and for how long. */
  onRetry?: (retry: { reason: string; delayMs: number }) => void;
  /** Told of each batch once answered: when it was sent (performance.now()) and how long it took, in ms. */
  onBatch?: (batch: { sentAt: number; ms: number }) => void;
  /** Told every `reportEveryMs` (default 5 s) and at the end. */
  report?: (stats: SimulatorStats) => void;
  reportEveryMs?: number;
}

export interface SimulatorStats {
  /** The set-up's events: applied now, or found applied by an earlier run with the same prefix. */
  setUp: { applied: number; duplicates: number };
  /** Events applied after the set-up, by kind. */
  plays: number;
  draws: number;
  transfers: number;
  resolutions: number;
  newPlayers: number;
  /** Plays it voided (play.voided), about 1 in VOID_ONE_IN. */
  voids: number;
  batches: number;
  /** Events left out because the server refused them (another source's draw result, a wallet short of points). */
  leftOut: number;
  /** Times a batch was sent again: no answer, or the server could not take it then (503, 429, another 5xx). */
  retries: number;
  /** Milliseconds since the plays began. */
  elapsedMs: number;
  /** Milliseconds of each batch, from sending to its answer (the last 10,000). */
  latencies: number[];
}

/** A refusal that stops the simulator: the key, the server or the batch is not what it expects. */
export class SimulatorError extends Error {}

const DRAW_MS = 90_000;
const MASTERS = 4;
const GAME_CODES = Object.fromEntries(DRAW_GAMES.map((g) => [DRAW_GAME_IDS[g.slug], g.code])) as Record<number, string>;
const STAKES = [10, 20, 50, 100, 200];
const ATTEMPTS = 5;
/** About one play in this many is voided at once (a cancelled slip), in the batch that carries it. */
export const VOID_ONE_IN = 500;
const VOID_REASONS = ['slip cancelled at the counter', 'terminal fault', 'stake entered twice'];

interface Player {
  username: string;
  master: number;
}

interface Pending {
  transferId: string;
  from: string;
  to: string;
  cents: number;
  atMs: number;
}

export async function runSimulator(options: SimulatorOptions): Promise<SimulatorStats> {
  const prefix = options.prefix ?? 'sim';
  const origin = options.url.replace(/\/+$/, '');
  const rng = new Random(Date.now(), prefix);
  const run = Date.now().toString(36).slice(-6);
  const seed = hashText(prefix);
  const stats: SimulatorStats = {
    setUp: { applied: 0, duplicates: 0 },
    plays: 0,
    draws: 0,
    transfers: 0,
    resolutions: 0,
    newPlayers: 0,
    voids: 0,
    batches: 0,
    leftOut: 0,
    retries: 0,
    elapsedMs: 0,
    latencies: [],
  };
  const post = async (events: FeedEventInput[]) => {
    const sentAt = performance.now();
    const { applied } = await postBatch(origin, options.key, events, stats, options);
    const ms = performance.now() - sentAt;
    stats.latencies.push(ms);
    options.onBatch?.({ sentAt, ms });
    if (stats.latencies.length > 10_000) stats.latencies.splice(0, stats.latencies.length - 10_000);
    stats.batches += 1;
    for (const event of events) if (applied.has(event.id)) count(stats, event);
    return applied;
  };

  await checkKey(origin, options.key);
  const network = setUpEvents(prefix, options.parent ?? 'superadmin', options.house ?? 'HOUSE', options.players ?? 100);
  const setUp = await postBatch(origin, options.key, network.events, stats, options);
  stats.setUp = { applied: setUp.answer.applied, duplicates: setUp.answer.duplicates };
  options.onSetUp?.(stats.setUp);
  const players: Player[] = [...network.players];
  const balances = new Map(network.balances);
  const pending: Pending[] = [];
  const cafesOf = (master: number) => network.cafes.filter((c) => c.master === master).map((c) => c.cafeId);
  const allCafes = network.cafes.map((c) => c.cafeId);
  const terminalsOf = new Map(allCafes.map((cafeId) => [cafeId, demoTerminals(seed, cafeId)]));

  const batchSize = Math.max(1, Math.min(options.batchSize ?? Math.ceil(Math.min(options.rate, 1000)), 5_000));
  const intervalMs = Number.isFinite(options.rate) ? (batchSize / options.rate) * 1000 : 0;
  const started = Date.now();
  const stopAt = options.durationMs === undefined ? Number.POSITIVE_INFINITY : started + options.durationMs;
  let lastDraw = Math.floor(started / DRAW_MS) * DRAW_MS;
  let nextBatchAt = started;
  let sequence = 0;
  let transfers = 0;
  let newPlayers = 0;
  const stopping = () => options.signal?.aborted === true || Date.now() >= stopAt;

  /** A batch of plays as of now, with the draws due, a transfer or resolution now and then, a new player now and then. */
  const nextBatch = (): { events: FeedEventInput[]; sent: Pending[]; joined: Player[] } => {
    const now = Date.now();
    const events: FeedEventInput[] = [];
    const sent: Pending[] = [];
    const joined: Player[] = [];
    for (; lastDraw + DRAW_MS <= now; lastDraw += DRAW_MS) {
      const drawAt = new Date(lastDraw + DRAW_MS).toISOString();
      for (const game of DRAW_GAMES) {
        events.push({
          id: `${prefix}-${run}-draw-${game.code}-${drawAt}`,
          type: 'draw',
          game: game.code,
          drawAt,
          ...liveDrawResult(seed, game.code, lastDraw + DRAW_MS),
        });
      }
    }
    const at = new Date(now).toISOString();
    const drawAt = new Date(Math.ceil(now / DRAW_MS) * DRAW_MS).toISOString();
    for (let i = 0; i < batchSize; i++) {
      const player = rng.pick(players);
      const game = rng.weighted(GAME_WEIGHTS);
      const stakeCents = rng.pick(STAKES) * 100 * (game.raise ? rng.pick(STAKE_MULTIPLIERS) : 1);
      const playId = `${prefix}-${run}-${++sequence}`;
      const cafeId = rng.chance(0.9) ? rng.pick(cafesOf(player.master)) : rng.pick(allCafes);
      const gameCode = GAME_CODES[game.id];
      const terminals = terminalsOf.get(cafeId);
      if (gameCode === undefined || !terminals) throw new Error(`no code for game ${game.id} or no terminals at ${cafeId}`);
      events.push({
        id: playId,
        type: 'play',
        playId,
        member: player.username,
        cafeId,
        game: gameCode,
        drawAt,
        stake: points(stakeCents),
        win: points(stakeCents * winMultiplier(rng, game.wins)),
        at,
        terminalId: rng.pick(terminals),
      });
      if (rng.chance(1 / VOID_ONE_IN)) {
        events.push({ id: `${playId}-voided`, type: 'play.voided', playId, at, reason: rng.pick(VOID_REASONS) });
      }
    }
    // About one transfer and one resolution every second or so, whatever the rate.
    const chance = Math.min(1, Math.max(intervalMs, 100) / 1000);
    const ready = pending.filter((p) => p.atMs < now - 2_000);
    const done = ready[0];
    if (done !== undefined && rng.chance(chance)) {
      pending.splice(pending.indexOf(done), 1);
      const outcome = rng.weighted([
        ['accepted', 80],
        ['rejected', 10],
        ['cancelled', 10],
      ] as const);
      const credited = outcome === 'accepted' ? done.to : done.from;
      balances.set(credited, (balances.get(credited) ?? 0) + done.cents);
      events.push({ id: `${done.transferId}-${outcome}`, type: `transfer.${outcome}`, transferId: done.transferId, at });
    }
    if (rng.chance(chance)) {
      const player = rng.pick(players);
      const master = definite(network.masters[player.master], "the player's master");
      const down = rng.chance(0.6);
      const [from, to] = down ? [master, player.username] : [player.username, master];
      const cents = rng.int(1, 10) * 10 * 100;
      const balance = balances.get(from) ?? 0;
      if (balance >= cents) {
        balances.set(from, balance - cents);
        const transferId = `${prefix}-${run}-t${++transfers}`;
        sent.push({ transferId, from, to, cents, atMs: now });
        events.push(transferEvent({ transferId, from, to, cents, channel: 'single', at }));
      }
    }
    if (rng.chance(chance / 30)) {
      const master = rng.int(0, MASTERS - 1);
      const username = `${prefix}-${run}-n${++newPlayers}`;
      joined.push({ username, master });
      events.unshift({
        id: username,
        type: 'account',
        username,
        role: 'player',
        parent: definite(network.masters[master], "the new player's master"),
        ...personName(rng),
      });
    }
    return { events, sent, joined };
  };

  let lastReport = started;
  const report = () => {
    stats.elapsedMs = Date.now() - started;
    options.report?.({ ...stats, latencies: [...stats.latencies] });
  };
  const worker = async () => {
    while (!stopping()) {
      const wait = nextBatchAt - Date.now();
      nextBatchAt = Math.max(nextBatchAt + intervalMs, Date.now() - intervalMs);
      if (wait > 0) await sleep(wait, options.signal);
      if (stopping()) return;
      const batch = nextBatch();
      const applied = await post(batch.events);
      pending.push(...batch.sent.filter((t) => applied.has(t.transferId)));
      players.push(...batch.joined.filter((p) => applied.has(p.username)));
      if (Date.now() - lastReport >= (options.reportEveryMs ?? 5_000)) {
        lastReport = Date.now();
        report();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  report();
  return stats;
}

/** The set-up: accounts, cafes and the funding transfers (each accepted), with ids from the prefix alone. */
function setUpEvents(prefix: string, parent: string, house: string, playerCount: number) {
  const events: FeedEventInput[] = [];
  const id = (what: string) => `${prefix}-setup-${what}`;
  const chain = [
    { username: `${prefix}-admin`, role: 'admin', commission: 1 },
    { username: `${prefix}-sam`, role: 'superareamanager', commission: 2 },
    { username: `${prefix}-am`, role: 'areamanager', commission: 3 },
  ] as const;
  let above = parent;
  for (const account of chain) {
    events.push({ id: id(account.username), type: 'account', ...account, parent: above, firstName: 'Simulated' });
    above = account.username;
  }
  const masters = Array.from({ length: MASTERS }, (_, i) => `${prefix}-master${i + 1}`);
  for (const master of masters) {
    events.push({
      id: id(master),
      type: 'account',
      username: master,
      role: 'master',
      parent: above,
      commission: 10,
      firstName: 'Simulated',
    });
  }
  // Every master a cafe; the first two a second one.
  const cafes = [...masters.map((_, i) => i), 0, 1].map((master, i) => ({ master, cafeId: `${prefix}-cafe${i + 1}` }));
  for (const cafe of cafes) {
    events.push({
      id: id(cafe.cafeId),
      type: 'cafe',
      cafeId: cafe.cafeId,
      master: definite(masters[cafe.master], "the cafe's master"),
      name: `Simulated Cafe ${cafe.cafeId}`,
    });
  }
  const players: Player[] = Array.from({ length: playerCount }, (_, i) => ({
    username: `${prefix}-player${i + 1}`,
    master: i % MASTERS,
  }));
  for (const player of players) {
    events.push({
      id: id(player.username),
      type: 'account',
      username: player.username,
      role: 'player',
      parent: definite(masters[player.master], "the player's master"),
      firstName: 'Simulated',
    });
  }
  // Funding, down the chain: enough for years of small transfers.
  const balances = new Map<string, number>();
  const fund = (from: string, to: string, cents: number) => {
    const transferId = id(`fund-${to}`);
    events.push(transferEvent({ transferId, from, to, cents, channel: 'single', at: SETUP_AT }));
    events.push({ id: `${transferId}-accepted`, type: 'transfer.accepted', transferId, at: SETUP_AT });
    if (from !== house) balances.set(from, (balances.get(from) ?? 0) - cents);
    balances.set(to, (balances.get(to) ?? 0) + cents);
  };
  fund(house, chain[0].username, 10_000_000_00);
  fund(chain[0].username, chain[1].username, 8_000_000_00);
  fund(chain[1].username, chain[2].username, 6_000_000_00);
  for (const master of masters) fund(chain[2].username, master, 1_000_000_00);
  for (const player of players.filter((_, i) => i % 2 === 0))
    fund(definite(masters[player.master], "the player's master"), player.username, 1_000_00);
  return { events, players, masters, cafes, balances };
}

/** The set-up's transfers carry a fixed instant, so that the same prefix gives the same events. */
const SETUP_AT = '2025-01-01T00:00:00Z';

async function checkKey(origin: string, key: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${origin}/api/feed/v1/status`, { headers: { authorization: `Bearer ${key}` } });
  } catch (err) {
    throw new SimulatorError(`Cannot reach ${origin}: ${(err as Error).cause ?? (err as Error).message}`);
  }
  if (response.status === 401)
    throw new SimulatorError(`${origin} does not take this key: it is not a live feed key there (401).`);
  if (response.status !== 200)
    throw new SimulatorError(`${origin}/api/feed/v1/status answered ${response.status}: is it a Playrep server?`);
}

/**
 * Sends one batch until the server takes it: again as it was after no answer or a 503 or 429, for
 * as long as it takes, and after another server error up to ATTEMPTS times, each time backing off
 * (retryDelayMs); without the events the server refused over what others did (see the module's
 * comment). Returns the event ids applied (or acknowledged as duplicates): a transfer's and a new
 * player's are its transferId and username.
 */
async function postBatch(
  origin: string,
  key: string,
  events: FeedEventInput[],
  stats: SimulatorStats,
  options: Pick<SimulatorOptions, 'signal' | 'onRetry'>,
): Promise<{ applied: Set<string>; answer: FeedBatchResponse }> {
  let batch = events;
  let refusals = 0;
  let serverErrors = 0;
  let failures = 0;
  for (;;) {
    const answer = await sendBatch(origin, key, batch);
    let reason: string;
    if (typeof answer === 'string') reason = answer;
    else {
      const { status, body } = answer;
      if (status === 200) return { applied: new Set(batch.map((e) => e.id)), answer: body as FeedBatchResponse };
      if (status === 422 && body.errors && ++refusals < ATTEMPTS) {
        const refused = new Set(body.errors.map((e) => e.index));
        const essential = body.errors.filter((e) => !OPTIONAL_TYPES.has(batch[e.index]?.type ?? ''));
        if (essential.length > 0) {
          const shown = essential.slice(0, 5).map((e) => `event ${e.index} (${e.id}) ${e.field}: ${e.reason}`);
          throw new SimulatorError(`The server refused the batch (422): ${shown.join('; ')}`);
        }
        stats.leftOut += refused.size;
        batch = batch.filter((_, index) => !refused.has(index));
        continue;
      }
      if (status < 500 && status !== 429)
        throw new SimulatorError(`The server refused the batch (${status}): ${body.message ?? ''}`);
      reason = `The server answered ${status}: ${body.message ?? ''}`;
      // 503 (its database is down, or it is busy) and 429 pass; another server error is tried a few times.
      if (status !== 503 && status !== 429 && ++serverErrors >= ATTEMPTS) throw new SimulatorError(reason);
    }
    if (options.signal?.aborted) throw new SimulatorError(`Stopped before the server took the batch in flight. ${reason}`);
    failures += 1;
    const delayMs = retryDelayMs(failures, typeof answer === 'string' ? null : answer.retryAfterSeconds);
    stats.retries += 1;
    options.onRetry?.({ reason, delayMs });
    await sleep(delayMs, options.signal);
  }
}

/** One POST of the batch: the server's answer, or why there was none. */
async function sendBatch(
  origin: string,
  key: string,
  batch: FeedEventInput[],
): Promise<{ status: number; body: { message?: string; errors?: FeedEventError[] }; retryAfterSeconds: number | null } | string> {
  let response: Response;
  try {
    response = await fetch(`${origin}/api/feed/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: batch }),
    });
  } catch (err) {
    return `No answer from ${origin} (${(err as Error).cause ?? (err as Error).message})`;
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: FeedEventError[] };
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  return { status: response.status, body, retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null };
}

/** The longest wait between two sends of a batch when the server gives no Retry-After. */
const MAX_BACKOFF_MS = 10_000;

/**
 * How long to wait before sending a batch again: the server's Retry-After when it gives one, else
 * 0.5 s doubling with each failure up to 10 s; plus up to half again at random (jitter), so that
 * senders cut off together do not all come back at the same instant.
 */
export function retryDelayMs(failures: number, retryAfterSeconds: number | null, random = Math.random): number {
  const base = retryAfterSeconds === null ? Math.min(MAX_BACKOFF_MS, 500 * 2 ** (failures - 1)) : retryAfterSeconds * 1000;
  return Math.round(base * (1 + random() / 2));
}

/** Events it leaves out when refused: they depend on what others do (draw results, wallets). */
const OPTIONAL_TYPES = new Set(['draw', 'transfer', 'transfer.accepted', 'transfer.rejected', 'transfer.cancelled']);

function count(stats: SimulatorStats, event: FeedEventInput): void {
  if (event.type === 'play') stats.plays += 1;
  else if (event.type === 'draw') stats.draws += 1;
  else if (event.type === 'transfer') stats.transfers += 1;
  else if (event.type.startsWith('transfer.')) stats.resolutions += 1;
  else if (event.type === 'account') stats.newPlayers += 1;
  else if (event.type === 'play.voided') stats.voids += 1;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
