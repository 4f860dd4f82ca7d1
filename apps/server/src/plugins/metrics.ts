import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isClusterWorker, metricsOfAllWorkers } from '../cluster.js';
import { queryRows } from '../db/client.js';
import { notFound, unauthorized } from '../lib/http-error.js';

/**
 * `GET /metrics` in the Prometheus text format, behind `Authorization: Bearer <METRICS_TOKEN>`
 * (no token configured: 404, the route does not exist for anyone). With several server processes
 * the answer covers all of them: the worker that receives the scrape asks the primary, which
 * gathers every worker's figures (prom-client's cluster aggregation). Figures that come from the
 * database (feed events, replica lag) are the same in every process and are not added up.
 */

/** One registry per process: tests build many apps in one process, and their counts add up. */
const registry = new Registry();

const requests = new Counter({
  name: 'playrep_http_requests_total',
  help: 'HTTP requests answered, by call (the endpoint table name; "web" for the web app, "other" for the rest) and status',
  labelNames: ['call', 'method', 'status'] as const,
  registers: [registry],
});

const latency = new Histogram({
  name: 'playrep_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by call',
  labelNames: ['call'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

let collectors: { app: FastifyInstance } | null = null;

new Gauge({
  name: 'playrep_feed_events_applied',
  help: 'Platform feed events applied since the feed began, by event type (from the database)',
  labelNames: ['type'] as const,
  registers: [registry],
  aggregator: 'first',
  async collect() {
    if (!collectors) return;
    this.reset();
    const rows = await queryRows<{ type: string; applied: number }>(
      collectors.app.db,
      sql`SELECT type, sum(events)::bigint AS applied FROM feed_key_counts GROUP BY type`,
    );
    for (const row of rows) this.set({ type: row.type }, Number(row.applied));
  },
});

new Gauge({
  name: 'playrep_db_pool_connections',
  help: 'Connections of this process to the primary database, by state',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    if (!collectors) return;
    const pool = collectors.app.database.poolStatus();
    this.set({ state: 'total' }, pool.total);
    this.set({ state: 'idle' }, pool.idle);
    this.set({ state: 'waiting' }, pool.waiting);
  },
});

new Gauge({
  name: 'playrep_replica_lag_seconds',
  help: 'How far each read replica is behind the primary (-1: not answering)',
  labelNames: ['replica'] as const,
  registers: [registry],
  aggregator: 'max',
  collect() {
    if (!collectors) return;
    this.reset();
    for (const replica of collectors.app.database.replicaStatus()) this.set({ replica: replica.name }, replica.lagSeconds ?? -1);
  },
});

new Gauge({
  name: 'playrep_replica_in_use',
  help: 'Whether report reads go to each read replica (1) or it is skipped (0)',
  labelNames: ['replica'] as const,
  registers: [registry],
  aggregator: 'min',
  collect() {
    if (!collectors) return;
    this.reset();
    for (const replica of collectors.app.database.replicaStatus()) this.set({ replica: replica.name }, replica.usable ? 1 : 0);
  },
});

// A worker answers its primary's requests for these figures.
if (isClusterWorker()) {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

const callOf = (request: FastifyRequest): string => {
  const call = request.routeOptions.config?.call;
  if (call) return call;
  return request.url.startsWith('/api/') ? 'other' : 'web';
};

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMetrics(app: FastifyInstance, token: string | undefined): void {
  collectors = { app };
  // The series of each call (and method and status), looked up once rather than by label hashing on every answer.
  const counted = new Map<string, { inc(): void }>();
  const timed = new Map<string, { observe(value: number): void }>();
  app.addHook('onResponse', async (request, reply) => {
    const call = callOf(request);
    const status = String(reply.statusCode);
    const key = `${call} ${request.method} ${status}`;
    let count = counted.get(key);
    if (!count) {
      count = requests.labels({ call, method: request.method, status });
      counted.set(key, count);
    }
    count.inc();
    let time = timed.get(call);
    if (!time) {
      time = latency.labels({ call });
      timed.set(call, time);
    }
    time.observe(reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!token) throw notFound('No such route');
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !sameToken(bearer, token)) throw unauthorized('A valid metrics token is needed (Authorization: Bearer)');
    const text = isClusterWorker() ? await metricsOfAllWorkers() : await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
