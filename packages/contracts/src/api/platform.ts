import { z } from 'zod';
import { reportPath } from '../call-paths.js';
import { type EndpointDef, report } from '../endpoint-def.js';
import { EXPORT_FORMATS } from '../tables/columns.js';
import { FEED_BATCH_COLUMNS, FEED_KEY_COLUMNS } from '../tables/platform.js';
import { ErrorBody, queryObject } from './common.js';

/** The Platform screen (superadmin): the feed keys and the last batches (docs/domain.md, "Access"). */
export const PLATFORM_BATCH_COUNT = 100;

export const PlatformQuery = queryObject({ format: z.enum(EXPORT_FORMATS).optional() });

export const FeedKeyRow = z.object({
  name: z.string(),
  /** 'Live' or 'Revoked'. */
  state: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  eventsApplied: z.number(),
  /** Events applied by type, in words (`play 120, draw 4`). */
  counts: z.string(),
  live: z.boolean(),
});
export type FeedKeyRow = z.infer<typeof FeedKeyRow>;

export const FeedBatchRow = z.object({
  _id: z.string(),
  at: z.string(),
  key: z.string(),
  /** 'Applied' or 'Refused'. */
  outcome: z.string(),
  details: z.string(),
  address: z.string(),
});
export type FeedBatchRow = z.infer<typeof FeedBatchRow>;

export const PlatformResponse = z.object({ keys: z.array(FeedKeyRow), batches: z.array(FeedBatchRow) });
export type PlatformResponse = z.infer<typeof PlatformResponse>;

const KEY_NAME = /^[A-Za-z0-9._-]{1,64}$/;
export const FeedKeyNameQuery = queryObject({
  name: z.string({ error: 'is required' }).trim().regex(KEY_NAME, 'must be 1 to 64 letters, digits, ".", "_" or "-"'),
});
export type FeedKeyNameQuery = z.infer<typeof FeedKeyNameQuery>;

/** A key made: shown this once (only its hash is kept). */
export const FeedKeyCreatedResponse = z.object({ message: z.string(), name: z.string(), key: z.string() });
export type FeedKeyCreatedResponse = z.infer<typeof FeedKeyCreatedResponse>;

export const FeedKeyRevokedResponse = z.object({ message: z.string() });

/** The Platform screen's answers, word for word (docs/screens.md, Platform). */
export const PLATFORM_MESSAGES = {
  created: (name: string) => `Feed key "${name}" created. Copy it now: it is shown only this once.`,
  revoked: (name: string) => `Feed key "${name}" revoked: it opens nothing any more.`,
  nameTaken: (name: string) => `There is already a live feed key named "${name}": revoke it first, or choose another name.`,
  noSuchKey: (name: string) => `No live feed key is named "${name}".`,
} as const;

/** Entries of the endpoint table (endpoints.ts): the Platform screen (superadmin). */
export const PLATFORM_ENDPOINTS = {
  platform: {
    ...report('platform', 'The feed keys (never a key itself) and the last 100 batches with their outcome'),
    query: PlatformQuery,
    response: PlatformResponse,
    exports: {
      file: 'platform',
      sheets: {
        keys: { title: 'Feed keys', columns: FEED_KEY_COLUMNS },
        batches: { title: 'Batches', columns: FEED_BATCH_COLUMNS },
      },
    },
  },
  feedKeyCreate: {
    method: 'POST',
    path: reportPath('feedKeyCreate'),
    access: 'report',
    summary: 'Create a feed key: answered once, only its hash is kept',
    query: FeedKeyNameQuery,
    response: FeedKeyCreatedResponse,
    otherResponses: { 409: ErrorBody },
  },
  feedKeyRevoke: {
    method: 'POST',
    path: reportPath('feedKeyRevoke'),
    access: 'report',
    summary: 'Revoke the live feed key of that name',
    query: FeedKeyNameQuery,
    response: FeedKeyRevokedResponse,
    otherResponses: { 404: ErrorBody },
  },
} as const satisfies Record<string, EndpointDef>;
