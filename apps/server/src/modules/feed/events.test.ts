import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type AppliedEvent, canonicalHash } from './events.js';

/**
 * An event id is bound to the hash of its canonical body, which is stored: the hash of an event
 * must never change between versions, whatever order its fields come in.
 */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64url');

describe('canonicalHash', () => {
  it('is the SHA-256 of the fields sorted by name, instants in UTC ISO form', () => {
    const at = new Date('2025-03-05T09:00:00.000Z');
    const play = {
      type: 'play',
      id: 'e-1',
      playId: 'p-1',
      member: 'Zoë "the" player',
      cafeId: 'c-1',
      game: 'FT',
      drawAt: at,
      stakeCents: 1050,
      winCents: 0,
      at,
    } as AppliedEvent;
    const expected = sha256(
      '{"at":"2025-03-05T09:00:00.000Z","cafeId":"c-1","drawAt":"2025-03-05T09:00:00.000Z","game":"FT","id":"e-1",' +
        '"member":"Zoë \\"the\\" player","playId":"p-1","stakeCents":1050,"type":"play","winCents":0}',
    );
    expect(canonicalHash(play)).toBe(expected);
    // The same fields in another order, many times over (the sorted names are kept per shape).
    const reordered = Object.fromEntries(Object.entries(play).reverse()) as AppliedEvent;
    for (let i = 0; i < 3; i += 1) expect(canonicalHash(reordered)).toBe(expected);
  });

  it('tells events of the same shape apart by their values, and shapes by their fields', () => {
    const account = (fields: Record<string, unknown>) => canonicalHash({ type: 'account', id: 'a-1', ...fields } as AppliedEvent);
    expect(account({ username: 'bob', active: false })).toBe(
      sha256('{"active":false,"id":"a-1","type":"account","username":"bob"}'),
    );
    expect(account({ username: 'bob', active: true })).not.toBe(account({ username: 'bob', active: false }));
    expect(account({ username: 'bob' })).toBe(sha256('{"id":"a-1","type":"account","username":"bob"}'));
  });
});
