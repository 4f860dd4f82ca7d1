import { z } from 'zod';

const DatabaseKind = z.enum(['pglite', 'postgres']);

/** A read replica as health reports it: whether report reads go to it, and how far behind it is. */
export const ReplicaHealth = z.object({
  /** host:port/database. */
  name: z.string(),
  usable: z.boolean(),
  /** Seconds its data is behind the primary; null when unknown. */
  lagSeconds: z.number().nullable(),
  /** Why it is skipped, when it is. */
  reason: z.string().optional(),
});

/** `GET /api/health`: the server answers and its database too; with read replicas, each of them. */
export const HealthResponse = z.object({
  status: z.literal('ok'),
  db: DatabaseKind,
  replicas: z.array(ReplicaHealth).optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** 503: the database cannot be reached. */
export const HealthUnavailable = z.object({ message: z.string(), db: DatabaseKind });
