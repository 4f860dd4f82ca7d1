import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.js';
import { DRAW_GAMES, FUN_AB_CODE, TRIPLE_FUN_CODE } from '../games.js';
import { ErrorBody } from './common.js';
import { Commission, NewUsername } from './identity.js';
import { EmailAddress } from './mail.js';

/**
 * The platform feed (docs/domain.md, "Data from the game platform"): `POST /api/feed/v1/events` takes a batch of events,
 * applied in order, in one transaction, all or nothing; `GET /api/feed/v1/status` describes the key.
 * These schemas check one event's shape; what depends on the data (an unknown username, an
 * overdraft, a known playId) is checked by the server and listed the same way in a 422.
 */

export const FEED_MAX_EVENTS = 5_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
/** The most a play's `stake` or `win`, or a hand's `rake`, may be (points). */
export const FEED_MAX_PLAY_POINTS = 10_000_000;
/** How far ahead of the server's clock an instant may be: 5 minutes; a play's `drawAt`, 24 hours. */
export const FEED_MAX_AHEAD_MS = 5 * 60_000;
export const FEED_MAX_DRAW_AHEAD_MS = 24 * 60 * 60_000;

/** The 401 of /api/feed/* without a live feed key (a session does not count). */
export const FEED_KEY_REQUIRED_MESSAGE = 'A live feed key is required: send it as Authorization: Bearer <feed key>.';
/** The 413 of a batch over FEED_MAX_BYTES. */
export const FEED_TOO_LARGE_MESSAGE = 'A batch may be at most 5 MiB of JSON; send it in smaller batches.';
/** The 415 of a batch sent as anything but JSON. */
export const FEED_JSON_REQUIRED_MESSAGE = 'A batch is JSON: send it with Content-Type: application/json.';

export const FEED_EVENT_TYPES = [
  'account',
  'cafe',
  'transfer',
  'transfer.accepted',
  'transfer.rejected',
  'transfer.cancelled',
  'draw',
  'play',
  'pokerHand',
  'play.voided',
  'pokerHand.voided',
  'loan',
] as const;
export type FeedEventType = (typeof FEED_EVENT_TYPES)[number];

/** Roles the feed may give an account: every role below the single superadmin. */
export const FEED_ACCOUNT_ROLES = ['admin', 'superareamanager', 'areamanager', 'master', 'player'] as const;

/** Points: a JSON number or a string, at most 2 decimals, below 10 billion. */
export const FEED_POINTS_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
/** An instant: ISO 8601 with an offset (Z or ±hh:mm), seconds and up to 3 decimals optional. */
export const FEED_INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const POINTS_RULE = 'must be points: a number or a string with at most 2 decimals, below 10,000,000,000';
const PLAY_POINTS_RULE = `must be at most ${FEED_MAX_PLAY_POINTS.toLocaleString('en')} points`;
const INSTANT_RULE = 'must be an ISO 8601 instant with an offset, e.g. 2025-03-05T14:30:00+05:30';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same, but tabs and line breaks may run through an address
const NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const CONTROL_CHARACTERS_RULE = 'must not contain control characters';

const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_RULE);

const optionalText = (max: number, pattern = NO_CONTROL_CHARACTERS) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .regex(pattern, CONTROL_CHARACTERS_RULE)
    .optional();

/** The longest event id, in characters. */
export const FEED_EVENT_ID_MAX = 128;

/** An event id: 1-128 characters, unique for ever within its feed key (another key may use the same). */
const EventId = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .min(1, 'must be 1 to 128 characters')
  .max(FEED_EVENT_ID_MAX, 'must be 1 to 128 characters')
  .regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_RULE);

/** A username or a business id of the platform (transferId, playId, ...). */
const Ref = text(128);

/** The longest terminal id, in characters. */
const FEED_TERMINAL_ID_MAX = 64;
const TERMINAL_ID_RULE = `must be 1 to ${FEED_TERMINAL_ID_MAX} characters`;

/** The machine in the cafe a play or hand was made on: 1-64 characters, taken as sent (no trimming). */
const TerminalId = z
  .string({ error: 'must be text' })
  .min(1, TERMINAL_ID_RULE)
  .max(FEED_TERMINAL_ID_MAX, TERMINAL_ID_RULE)
  .regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_RULE)
  .refine((id) => id.trim() === id, 'must not start or end with a space')
  .optional()
  .describe('The machine in the cafe (1-64 characters); Cafe Profit shows the plays per terminal');

function pointsText(value: number | string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? String(value) : null;
  return value.trim();
}

/** True when the value is points with at most 2 decimals (0 included). */
export function isFeedPoints(value: unknown): value is number | string {
  if (typeof value !== 'number' && typeof value !== 'string') return false;
  const shown = pointsText(value);
  return shown !== null && FEED_POINTS_PATTERN.test(shown);
}

const pointsSchema = (positive: boolean) =>
  z
    .union([z.number(), z.string()], { error: POINTS_RULE })
    .refine(isFeedPoints, { message: POINTS_RULE, abort: true })
    .refine((value) => !positive || Number(value) > 0, 'must be greater than 0');

/** Points of at most FEED_MAX_PLAY_POINTS (points have at most 12 digits: a number compares them exactly). */
const capped = (points: ReturnType<typeof pointsSchema>) =>
  points.refine((value) => Number(value) <= FEED_MAX_PLAY_POINTS, PLAY_POINTS_RULE);

const Points = pointsSchema(true);
const PointsOrZero = pointsSchema(false);
/** A play's stake and win, a hand's rake: at most FEED_MAX_PLAY_POINTS, so no sum of them nears a limit. */
const PlayPoints = capped(Points);
const PlayPointsOrZero = capped(PointsOrZero);

/**
 * A calendar date and clock time that exist (no 30 February, no 24:61), from the year 2000 on. How
 * far ahead of now an instant may be is the server's to check (FEED_MAX_AHEAD_MS): it knows now.
 */
function isRealInstant(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!parts) return false;
  // Groups 1 to 5 are always there; the seconds (group 6) are 0 when absent. Read one by one: this
  // runs twice for each event of a batch, and a closure made per call showed in the feed's profile.
  const y = Number(parts[1]);
  const mo = Number(parts[2]);
  const d = Number(parts[3]);
  const h = Number(parts[4]);
  const mi = Number(parts[5]);
  const s = Number(parts[6] ?? 0);
  const day = new Date(Date.UTC(y, mo - 1, d));
  const dateExists = day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
  return dateExists && h < 24 && mi < 60 && s < 60 && y >= 2000 && Number.isFinite(Date.parse(value));
}

const Instant = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : INSTANT_RULE) })
  .regex(FEED_INSTANT_PATTERN, { message: INSTANT_RULE, abort: true })
  .refine(isRealInstant, { message: 'must be a real instant from the year 2000 on', abort: true });

/** A draw's time (a draw event's, or the draw a play is on): whole seconds, so one draw has one spelling. */
const DrawInstant = Instant.refine(
  (value) => Date.parse(value) % 1_000 === 0,
  'must be in whole seconds: a draw has no fraction of a second',
);

const DrawGameCode = z.enum(DRAW_GAMES.map((g) => g.code) as [string, ...string[]], {
  error: `must be a draw game code: ${DRAW_GAMES.map((g) => `${g.code} (${g.name})`).join(', ')}`,
});

const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ id: EventId, type: z.literal(type), ...shape });

/**
 * Creates or updates an account by username. To create one, `role` and `parent` are needed; on an
 * update every field left out stays as it is, a new `parent` moves the account with its whole
 * subtree (the parent must rank higher), and the role cannot change. `active: false` deactivates.
 */
export const FeedAccountEvent = event('account', {
  username: NewUsername,
  role: z.enum(FEED_ACCOUNT_ROLES, { error: `must be one of ${FEED_ACCOUNT_ROLES.join(', ')}` }).optional(),
  parent: Ref.optional(),
  firstName: optionalText(50),
  lastName: optionalText(50),
  commission: Commission.optional(),
  address: optionalText(200, NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS),
  active: z.boolean({ error: 'must be true or false' }).optional(),
  /** The account's email address, verified as the platform gives it; null removes it. */
  email: EmailAddress.nullable().optional(),
  /** argon2id as it is; bcrypt (`$2a$`, `$2b$`, `$2y$`) replaced by argon2id at the next sign-in. */
  passwordHash: z
    .string({ error: 'must be text' })
    .max(512, 'must be at most 512 characters')
    .regex(
      /^(?:\$argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+|\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53})$/,
      'must be an argon2id PHC string or a bcrypt hash ($2a$, $2b$, $2y$)',
    )
    .optional(),
});

/** Creates a cafe of a master, or updates its name or master. */
export const FeedCafeEvent = event('cafe', { cafeId: Ref, master: Ref, name: text(100) });

/** A transfer, created pending: the sender's points are held at once. The house goes by its username. */
export const FeedTransferEvent = event('transfer', {
  transferId: Ref,
  from: Ref,
  to: Ref,
  amount: Points,
  channel: z.enum(['single', 'multiplayer'], { error: 'must be single or multiplayer' }),
  at: Instant,
});

const resolution = <T extends string>(type: T) => event(type, { transferId: Ref, at: Instant });
export const FeedTransferAcceptedEvent = resolution('transfer.accepted');
export const FeedTransferRejectedEvent = resolution('transfer.rejected');
export const FeedTransferCancelledEvent = resolution('transfer.cancelled');

const FUN_AB_RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** What a draw's result looks like, by game code (docs/domain.md, "Games, draws and plays"). */
export function drawResultRule(game: string): { test: (result: string) => boolean; rule: string } {
  if (game === TRIPLE_FUN_CODE) return { test: (r) => /^\d-\d-\d$/.test(r), rule: 'three digits as d-d-d' };
  if (game === FUN_AB_CODE) return { test: (r) => FUN_AB_RANKS.includes(r), rule: `a card rank: ${FUN_AB_RANKS.join(', ')}` };
  const max = DRAW_GAMES.find((g) => g.code === game)?.slug === 'funroullet' ? 36 : 9;
  return { test: (r) => /^\d{1,2}$/.test(r) && Number(r) <= max && String(Number(r)) === r, rule: `a number from 0 to ${max}` };
}

/** A draw with its result (Fun AB also with its suit colour); a draw already known gets its result. */
export const FeedDrawEvent = event('draw', {
  game: DrawGameCode,
  drawAt: DrawInstant,
  result: text(8),
  color: z.enum(['c', 'k', 'l', 'f'], { error: 'must be c, k, l or f' }).optional(),
}).superRefine((draw, ctx) => {
  const { test, rule } = drawResultRule(draw.game);
  if (!test(draw.result)) ctx.addIssue({ code: 'custom', path: ['result'], message: `must be ${rule}` });
  if (draw.game === FUN_AB_CODE && draw.color === undefined) {
    ctx.addIssue({ code: 'custom', path: ['color'], message: 'is required for Fun AB' });
  }
  if (draw.game !== FUN_AB_CODE && draw.color !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['color'], message: 'is only for Fun AB' });
  }
});

/** One bet slip of a player at a cafe, on a draw; an unknown draw is created without its result. */
export const FeedPlayEvent = event('play', {
  playId: Ref,
  member: Ref,
  cafeId: Ref,
  game: DrawGameCode,
  drawAt: DrawInstant,
  stake: PlayPoints,
  win: PlayPointsOrZero,
  at: Instant,
  terminalId: TerminalId,
});

/** One poker hand of a player at a cafe: the rake it left. */
export const FeedPokerHandEvent = event('pokerHand', {
  handId: Ref,
  member: Ref,
  cafeId: Ref,
  rake: PlayPoints,
  at: Instant,
  terminalId: TerminalId,
});

/** The longest reason a void may give, in characters. */
export const FEED_VOID_REASON_MAX = 200;

/**
 * The platform cancelled a play or a poker hand (a cancelled draw, a fault): its profit leaves the
 * day it was booked if that week is open, else it is reversed in the open week like a late fact.
 * Voiding one already voided changes nothing more; an unknown id is refused.
 */
export const FeedPlayVoidedEvent = event('play.voided', { playId: Ref, at: Instant, reason: text(FEED_VOID_REASON_MAX) });
export const FeedPokerHandVoidedEvent = event('pokerHand.voided', {
  handId: Ref,
  at: Instant,
  reason: text(FEED_VOID_REASON_MAX),
});

/** A computer loan to a master. */
export const FeedLoanEvent = event('loan', {
  loanId: Ref,
  agent: Ref,
  principal: Points,
  processingFee: PointsOrZero,
  deductionPercentage: z
    .number({ error: 'must be a number above 0 and up to 100' })
    .gt(0, 'must be a number above 0 and up to 100')
    .max(100, 'must be a number above 0 and up to 100')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, 'may have at most 2 decimals')
    .optional(),
  at: Instant,
});

export const FeedEvent = z.discriminatedUnion(
  'type',
  [
    FeedAccountEvent,
    FeedCafeEvent,
    FeedTransferEvent,
    FeedTransferAcceptedEvent,
    FeedTransferRejectedEvent,
    FeedTransferCancelledEvent,
    FeedDrawEvent,
    FeedPlayEvent,
    FeedPokerHandEvent,
    FeedPlayVoidedEvent,
    FeedPokerHandVoidedEvent,
    FeedLoanEvent,
  ],
  { error: `must be one of ${FEED_EVENT_TYPES.join(', ')}` },
);
export type FeedEvent = z.output<typeof FeedEvent>;
export type FeedEventInput = z.input<typeof FeedEvent>;

/** `POST /api/feed/v1/events`: at most FEED_MAX_EVENTS events and FEED_MAX_BYTES. */
export const FeedBatchBody = z.object({ events: z.array(FeedEvent).max(FEED_MAX_EVENTS) });
export type FeedBatchBody = z.input<typeof FeedBatchBody>;

export const FeedEventResult = z.object({ id: z.string(), status: z.enum(['applied', 'duplicate']) });
export type FeedEventResult = z.infer<typeof FeedEventResult>;

/** 200: every event of the batch in order, applied now or a duplicate of one applied before. */
export const FeedBatchResponse = z.object({
  applied: z.number().int(),
  duplicates: z.number().int(),
  results: z.array(FeedEventResult),
});
export type FeedBatchResponse = z.infer<typeof FeedBatchResponse>;

/** One invalid event of a refused batch: its place, its id (null when it has none) and why. */
export const FeedEventError = z.object({
  index: z.number().int(),
  id: z.string().nullable(),
  field: z.string(),
  reason: z.string(),
});
export type FeedEventError = z.infer<typeof FeedEventError>;

/** 422: the batch is refused and nothing was applied; every invalid event is listed. */
export const FeedRefusal = z.object({ message: z.string(), errors: z.array(FeedEventError) });
export type FeedRefusal = z.infer<typeof FeedRefusal>;

/**
 * 409: event ids this key applied before (or sent twice in this batch) with another body. The
 * batch is refused and nothing was applied; every conflicting id is listed, in batch order.
 */
export const FeedConflict = z.object({ message: z.string(), conflictingIds: z.array(z.string()) });
export type FeedConflict = z.infer<typeof FeedConflict>;

/** `GET /api/feed/v1/events/{id}`: an event id, as the platform sent it. */
export const FeedEventParams = z.object({ id: EventId });

/**
 * Whether the key applied an event id: when, and in which batch (the id of the batch that applied
 * it, shared by every event that batch applied; null for events applied before batches were
 * recorded). A platform that lost a batch's answer asks instead of guessing.
 */
export const FeedEventCheck = z.object({
  id: z.string(),
  applied: z.boolean(),
  type: z.enum(FEED_EVENT_TYPES).nullable(),
  appliedAt: z.string().nullable(),
  batchId: z.string().nullable(),
});
export type FeedEventCheck = z.infer<typeof FeedEventCheck>;

/** `GET /api/feed/v1/status`: the key's name, its last applied event and its counts per type. */
export const FeedStatusResponse = z.object({
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastEvent: z.object({ id: z.string(), type: z.enum(FEED_EVENT_TYPES), appliedAt: z.string() }).nullable(),
  eventsApplied: z.number().int(),
  // Every type named (not a record over the types), so that the OpenAPI document lists them.
  counts: z.object(
    Object.fromEntries(FEED_EVENT_TYPES.map((type) => [type, z.number().int()])) as Record<FeedEventType, z.ZodNumber>,
  ),
});
export type FeedStatusResponse = z.infer<typeof FeedStatusResponse>;

/** Entries of the endpoint table (endpoints.ts): the platform feed. */
export const FEED_ENDPOINTS = {
  feedEvents: {
    method: 'POST',
    path: '/feed/v1/events',
    access: 'feed',
    summary: 'Apply a batch of platform events: in order, in one transaction, all or nothing',
    body: FeedBatchBody,
    response: FeedBatchResponse,
    otherResponses: {
      400: ErrorBody,
      401: ErrorBody,
      409: FeedConflict,
      413: ErrorBody,
      415: ErrorBody,
      422: FeedRefusal,
      429: ErrorBody,
      503: ErrorBody,
    },
  },
  feedEvent: {
    method: 'GET',
    path: '/feed/v1/events/:id',
    access: 'feed',
    summary: 'Whether an event id of this key was applied, when, and in which batch',
    params: FeedEventParams,
    response: FeedEventCheck,
    otherResponses: { 400: ErrorBody, 401: ErrorBody, 429: ErrorBody, 503: ErrorBody },
  },
  feedStatus: {
    method: 'GET',
    path: '/feed/v1/status',
    access: 'feed',
    summary: 'The feed key: its name, its last applied event and its counts per type',
    response: FeedStatusResponse,
  },
} as const satisfies Record<string, EndpointDef>;
