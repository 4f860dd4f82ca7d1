import http from 'node:http';

/** One GET the load loop repeats: a path with its query string and the session token to present. */
export interface Target {
  port: number;
  path: string;
  token: string;
  /** Ask for a gzip body as a browser does (the server then compresses bodies over 1 KiB). */
  gzip: boolean;
}

export interface Phase {
  concurrency: number;
  /** Requests to complete (all clients together) unless `maxSeconds` runs out first. */
  requests: number;
  maxSeconds: number;
  /** Requests per client made first and not recorded (connection set-up, JIT, caches). */
  warmupPerClient: number;
}

export interface PhaseResult {
  concurrency: number;
  /** Latency of every recorded request, milliseconds, in completion order. */
  latencies: number[];
  seconds: number;
  errors: number;
  /** First failure seen (status and body start), for the report. */
  firstError?: string;
  bytes: number;
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  reqPerSec: number;
}

export interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A keep-alive connection pool sized for the largest phase, so that every client keeps its own
 * socket and no request waits for a connection.
 */
export function createAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

export function get(agent: http.Agent, target: Target): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port: target.port,
        path: target.path,
        method: 'GET',
        headers: {
          authorization: `Bearer ${target.token}`,
          accept: 'application/json',
          ...(target.gzip ? { 'accept-encoding': 'gzip' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Runs `concurrency` clients, each sending its next request as soon as the previous answer has
 * been read in full (closed loop), until `requests` have completed or `maxSeconds` have passed.
 * Each request's latency is taken from just before it is sent to the end of its body.
 */
export async function runPhase(agent: http.Agent, target: Target, phase: Phase): Promise<PhaseResult> {
  const result: PhaseResult = { concurrency: phase.concurrency, latencies: [], seconds: 0, errors: 0, bytes: 0 };
  const fail = (message: string) => {
    result.errors += 1;
    result.firstError ??= message;
  };
  const one = async (record: boolean) => {
    const started = process.hrtime.bigint();
    try {
      const res = await get(agent, target);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (res.status !== 200) fail(`${res.status} ${res.body.toString('utf8', 0, 200)}`);
      else if (record) {
        result.latencies.push(ms);
        result.bytes += res.body.length;
      }
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  };

  await Promise.all(
    Array.from({ length: phase.concurrency }, async () => {
      for (let i = 0; i < phase.warmupPerClient; i++) await one(false);
    }),
  );

  let issued = 0;
  const started = process.hrtime.bigint();
  const deadline = Date.now() + phase.maxSeconds * 1000;
  await Promise.all(
    Array.from({ length: phase.concurrency }, async () => {
      while (issued < phase.requests && Date.now() < deadline && result.errors < 20) {
        issued += 1;
        await one(true);
      }
    }),
  );
  result.seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return result;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(result: PhaseResult): Summary {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    reqPerSec: result.seconds > 0 ? sorted.length / result.seconds : Number.NaN,
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
