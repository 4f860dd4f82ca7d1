import { hash } from 'node:crypto';
import { FEED_POINTS_PATTERN, type FeedEvent, type FeedEventType, type Role } from '@playrep/contracts';
import { DEFAULT_DEDUCTION_PERCENTAGE } from '../weeks/index.js';

/**
 * Feed events as the server applies them: points in hundredths, instants as Dates, defaults
 * filled in. Their canonical body (sorted keys, these values) is what an event id is bound to: the
 * same event sent again, however its JSON is spelt (key order, "10.5" or 10.50, another offset for
 * the same instant), is a duplicate; anything else under that id is a conflict.
 */
export type AppliedEvent =
  | {
      type: 'account';
      id: string;
      username: string;
      role?: Exclude<Role, 'superadmin'>;
      parent?: string;
      firstName?: string;
      lastName?: string;
      commission?: number;
      address?: string;
      active?: boolean;
      passwordHash?: string;
      /** Null removes the address. */
      email?: string | null;
    }
  | { type: 'cafe'; id: string; cafeId: string; master: string; name: string }
  | {
      type: 'transfer';
      id: string;
      transferId: string;
      from: string;
      to: string;
      amountCents: number;
      channel: 'single' | 'multiplayer';
      at: Date;
    }
  | { type: 'transfer.accepted' | 'transfer.rejected' | 'transfer.cancelled'; id: string; transferId: string; at: Date }
  | { type: 'draw'; id: string; game: string; drawAt: Date; result: string; color?: 'c' | 'k' | 'l' | 'f' }
  | {
      type: 'play';
      id: string;
      playId: string;
      member: string;
      cafeId: string;
      game: string;
      drawAt: Date;
      stakeCents: number;
      winCents: number;
      at: Date;
      /** Null when the platform did not say. */
      terminalId: string | null;
    }
  | {
      type: 'pokerHand';
      id: string;
      handId: string;
      member: string;
      cafeId: string;
      rakeCents: number;
      at: Date;
      terminalId: string | null;
    }
  | { type: 'play.voided'; id: string; playId: string; at: Date; reason: string }
  | { type: 'pokerHand.voided'; id: string; handId: string; at: Date; reason: string }
  | {
      type: 'loan';
      id: string;
      loanId: string;
      agent: string;
      principalCents: number;
      processingFeeCents: number;
      deductionPercentage: number;
      at: Date;
    };

export type AppliedEventOf<T extends FeedEventType> = Extract<AppliedEvent, { type: T }>;

/** Points as the contracts accept them (checked already) to exact hundredths: no float arithmetic. */
export function pointsToCentsExact(points: number | string): number {
  const shown = typeof points === 'number' ? String(points) : points.trim();
  const match = FEED_POINTS_PATTERN.exec(shown);
  if (!match) throw new RangeError(`not points: ${shown}`);
  const [whole, fraction = ''] = shown.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function toAppliedEvent(event: FeedEvent): AppliedEvent {
  switch (event.type) {
    case 'account':
    case 'cafe':
      return withoutUndefined({ ...event });
    case 'transfer':
      return {
        type: event.type,
        id: event.id,
        transferId: event.transferId,
        from: event.from,
        to: event.to,
        amountCents: pointsToCentsExact(event.amount),
        channel: event.channel,
        at: new Date(event.at),
      };
    case 'transfer.accepted':
    case 'transfer.rejected':
    case 'transfer.cancelled':
      return { type: event.type, id: event.id, transferId: event.transferId, at: new Date(event.at) };
    case 'draw':
      return withoutUndefined({
        type: event.type,
        id: event.id,
        game: event.game,
        drawAt: new Date(event.drawAt),
        result: event.result,
        color: event.color,
      });
    case 'play':
      return {
        type: event.type,
        id: event.id,
        playId: event.playId,
        member: event.member,
        cafeId: event.cafeId,
        game: event.game,
        drawAt: new Date(event.drawAt),
        stakeCents: pointsToCentsExact(event.stake),
        winCents: pointsToCentsExact(event.win),
        at: new Date(event.at),
        terminalId: event.terminalId ?? null,
      };
    case 'pokerHand':
      return {
        type: event.type,
        id: event.id,
        handId: event.handId,
        member: event.member,
        cafeId: event.cafeId,
        rakeCents: pointsToCentsExact(event.rake),
        at: new Date(event.at),
        terminalId: event.terminalId ?? null,
      };
    case 'play.voided':
      return { type: event.type, id: event.id, playId: event.playId, at: new Date(event.at), reason: event.reason };
    case 'pokerHand.voided':
      return { type: event.type, id: event.id, handId: event.handId, at: new Date(event.at), reason: event.reason };
    case 'loan':
      return {
        type: event.type,
        id: event.id,
        loanId: event.loanId,
        agent: event.agent,
        principalCents: pointsToCentsExact(event.principal),
        processingFeeCents: pointsToCentsExact(event.processingFee),
        deductionPercentage: event.deductionPercentage ?? DEFAULT_DEDUCTION_PERCENTAGE,
        at: new Date(event.at),
      };
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The sorted field names of each shape of event seen, each with its JSON key prefix (`"name":`). */
const sortedFields = new Map<string, [string, string][]>();
const MAX_SHAPES = 256;

function sortedFieldsOf(fields: Record<string, unknown>): [string, string][] {
  const keys = Object.keys(fields);
  const shape = keys.join(',');
  let sorted = sortedFields.get(shape);
  if (!sorted) {
    sorted = keys.sort().map((key) => [key, `${JSON.stringify(key)}:`]);
    if (sortedFields.size < MAX_SHAPES) sortedFields.set(shape, sorted);
  }
  return sorted;
}

/**
 * SHA-256 (base64url) of the event's canonical JSON: its fields sorted by name, instants as UTC ISO
 * strings, points in hundredths. Events are flat (text, numbers, booleans, instants). A batch
 * hashes thousands of events of a few shapes: the sorted names are kept per shape.
 */
export function canonicalHash(event: AppliedEvent): string {
  const fields = event as unknown as Record<string, unknown>;
  let json = '{';
  for (const [key, prefix] of sortedFieldsOf(fields)) {
    const value = fields[key];
    json += `${json.length > 1 ? ',' : ''}${prefix}${JSON.stringify(value instanceof Date ? value.toISOString() : value)}`;
  }
  return hash('sha256', `${json}}`, 'base64url');
}
