import http from 'node:http';
import { loadavg } from 'node:os';
import { percentile } from './load.js';
import { sleep } from './server-process.js';

/**
 * What the load scripts measure from outside the server: `GET /api/health` at a steady pace, each
 * probe on a connection of its own, whether or not the previous one has answered (open loop).
 */

/** One health probe every this many ms. */
export const PROBE_INTERVAL_MS = 20;

export interface Latencies {
  n: number;
  p50: number;
  p99: number;
  max: number;
  /** Probes that got no 200, by what they got instead ("503", "ECONNRESET"). */
  failed: Record<string, number>;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  bytes: number;
}

/** One request on its own connection; `keepBody: false` counts the body's bytes without holding it. */
export function request(
  port: number,
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown; keepBody?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method,
        agent: false,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (options.keepBody !== false) chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Probes /api/health every PROBE_INTERVAL_MS until stopped; each probe's time from send to last byte. */
export function probeHealth(port: number) {
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  const fail = (why: string) => {
    failed[why] = (failed[why] ?? 0) + 1;
  };
  let running = true;
  const inFlight = new Set<Promise<void>>();
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const probe = request(port, 'GET', '/api/health').then(
        (res) => {
          if (res.status === 200) latencies.push(performance.now() - started);
          else fail(String(res.status));
        },
        (error: NodeJS.ErrnoException) => fail(error.code ?? error.message),
      );
      inFlight.add(probe);
      void probe.finally(() => inFlight.delete(probe));
      await sleep(PROBE_INTERVAL_MS);
    }
  })();
  return {
    async stop(): Promise<Latencies> {
      running = false;
      await loop;
      await Promise.all(inFlight);
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        n: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
        failed,
      };
    },
  };
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '-');

/** One line of health figures: `health <label>: p50 .., p99 .., max .. (n answered; failed: ..)`. */
export function healthLine(label: string, l: Latencies): string {
  const failed = Object.entries(l.failed).map(([why, n]) => `${n} x ${why}`);
  return `  health ${label}: p50 ${ms(l.p50)}, p99 ${ms(l.p99)}, max ${ms(l.max)} (${l.n} answered${failed.length ? `; failed: ${failed.join(', ')}` : ''})`;
}

/** Waits until the 1-minute load average is below `limit` (at most 15 minutes). */
export async function untilCalm(limit: number): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  while (loadavg()[0]! >= limit && Date.now() < deadline) {
    process.stdout.write(`  waiting for a calmer machine (load average ${loadavg()[0]!.toFixed(1)}, want < ${limit})\n`);
    await sleep(30_000);
  }
}
