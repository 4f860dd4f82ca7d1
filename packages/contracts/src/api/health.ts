import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.js';

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

/** Entries of the endpoint table (endpoints.ts): the server’s health. */
export const HEALTH_ENDPOINTS = {
  health: {
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'The server and its database answer',
    response: HealthResponse,
    otherResponses: { 503: HealthUnavailable },
  },
} as const satisfies Record<string, EndpointDef>;
