import http from 'node:http';
import { healthLine, type Latencies, probeHealth } from './health-probe.js';
import { percentile } from './load.js';
import { sleep } from './server-process.js';

/**
 * The flood of refused downloads (README, "Export limits"): one account asks for
 * the same year-long CSV on FLOOD_CONNECTIONS keep-alive connections, each asking again as soon as
 * it has its answer, 429 or not (a client that ignores Retry-After), for FLOOD_SECONDS. Another
 * account downloads the same file during the flood, and once before it on the idle server.
 */
export const FLOOD_CONNECTIONS = 40;
export const FLOOD_SECONDS = 20;
/** The other account's download starts this long into the flood, when the flood is in full swing. */
const VICTIM_START_SECONDS = 3;
/** Downloads of the other account on the idle server (the first one only warms the server up). */
const IDLE_DOWNLOADS = 4;
/** What the flood must not do: the other download's time, in idle times, and the health p99. */
const TARGET_RATIO = 3;
const TARGET_HEALTH_P99_MS = 250;

export interface FloodOutcome {
  /** Seconds of each idle download of the other account, the warm-up first. */
  idleSeconds: number[];
  /** Seconds of its download during the flood, and its status. */
  floodSeconds: number;
  floodStatus: number;
  /** The flooding account's answers by status, and how long it flooded. */
  answers: Map<number, number>;
  refusalMs: number[];
  /** Seconds of each of the flooding account's downloads that ended with 200 (one in flight at the end is not counted). */
  floodDownloadSeconds: number[];
  floodedSeconds: number;
  idleHealth: Latencies;
  floodHealth: Latencies;
}

interface Timed {
  status: number;
  seconds: number;
}

/** A GET read to its end (bytes counted, not kept) on `agent`'s connections. */
function get(agent: http.Agent | false, port: number, path: string, token: string): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode ?? 0, seconds: (performance.now() - started) / 1000 }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export async function measureFlood(
  port: number,
  path: string,
  tokens: { flooder: string; other: string },
): Promise<FloodOutcome> {
  const idleSeconds: number[] = [];
  const idleProbe = probeHealth(port);
  for (let i = 0; i < IDLE_DOWNLOADS; i++) {
    const idle = await get(false, port, path, tokens.other);
    if (idle.status !== 200) throw new Error(`The idle download answered ${idle.status}`);
    idleSeconds.push(idle.seconds);
  }
  const idleHealth = await idleProbe.stop();

  const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS });
  const answers = new Map<number, number>();
  const refusalMs: number[] = [];
  const floodDownloadSeconds: number[] = [];
  const floodProbe = probeHealth(port);
  const started = performance.now();
  let flooding = true;
  const client = async () => {
    while (flooding) {
      const answer = await get(agent, port, path, tokens.flooder).catch(() => ({ status: 0, seconds: 0 }));
      answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1);
      if (answer.status === 429) refusalMs.push(answer.seconds * 1000);
      if (answer.status === 200) floodDownloadSeconds.push(answer.seconds);
    }
  };
  const clients = Array.from({ length: FLOOD_CONNECTIONS }, client);
  await sleep(VICTIM_START_SECONDS * 1000);
  const during = await get(false, port, path, tokens.other);
  // The flood lasts FLOOD_SECONDS, and longer if the other download has not ended by then.
  await sleep(Math.max(0, FLOOD_SECONDS * 1000 - (performance.now() - started)));
  flooding = false;
  const floodedSeconds = (performance.now() - started) / 1000;
  await Promise.all(clients);
  agent.destroy();
  const floodHealth = await floodProbe.stop();
  return {
    idleSeconds,
    floodSeconds: during.seconds,
    floodStatus: during.status,
    answers,
    refusalMs,
    floodDownloadSeconds,
    floodedSeconds,
    idleHealth,
    floodHealth,
  };
}

export function floodReport(outcome: FloodOutcome): string[] {
  const { idleSeconds, floodSeconds, answers, refusalMs, floodDownloadSeconds, floodedSeconds } = outcome;
  const measured = idleSeconds.slice(1);
  const idle = percentile(
    [...measured].sort((a, b) => a - b),
    50,
  );
  const ratio = floodSeconds / idle;
  const refused = answers.get(429) ?? 0;
  const byStatus = [...answers.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} x ${status || 'no answer'}`)
    .join(', ');
  const sortedRefusals = [...refusalMs].sort((a, b) => a - b);
  const seconds = (values: number[]) => values.map((s) => `${s.toFixed(2)} s`).join(', ');
  return [
    `  other account, idle: ${seconds(measured)} (median ${idle.toFixed(2)} s; warm-up ${idleSeconds[0]!.toFixed(2)} s)`,
    `  other account, during the flood: ${floodSeconds.toFixed(2)} s (${outcome.floodStatus}), ` +
      `${ratio.toFixed(2)} x its idle time (target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'})`,
    `  flooding account: ${byStatus} in ${floodedSeconds.toFixed(1)} s (${(refused / floodedSeconds).toFixed(1)} refusals a second)`,
    `  flooding account's downloads (200), each: ${seconds(floodDownloadSeconds)}`,
    refused > 0
      ? `  refusals answered in: p50 ${percentile(sortedRefusals, 50).toFixed(0)} ms, min ${sortedRefusals[0]!.toFixed(0)} ms, max ${sortedRefusals.at(-1)!.toFixed(0)} ms`
      : '  no refusals',
    healthLine('alone       ', outcome.idleHealth),
    `${healthLine('during flood', outcome.floodHealth)} (p99 target < ${TARGET_HEALTH_P99_MS} ms: ${outcome.floodHealth.p99 < TARGET_HEALTH_P99_MS ? 'met' : 'MISSED'})`,
  ];
}
