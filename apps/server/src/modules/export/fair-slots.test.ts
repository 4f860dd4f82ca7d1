import { describe, expect, it } from 'vitest';
import { FairSlots } from './fair-slots.js';

/** Asks for a slot for each owner in turn; `granted` lists who got one, in order. */
function ask(slots: FairSlots, owners: string[], granted: string[]): void {
  for (const owner of owners) void slots.take(owner).then(() => granted.push(owner));
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('slots shared fairly between owners', () => {
  it('gives free slots at once, then a freed slot to the waiting owner holding the fewest', async () => {
    const slots = new FairSlots(2);
    const granted: string[] = [];
    // Account a takes both slots and asks for more before account b asks for one.
    ask(slots, ['a', 'a', 'a', 'a', 'b'], granted);
    await settle();
    expect(granted).toEqual(['a', 'a']);
    slots.release('a');
    await settle();
    expect(granted).toEqual(['a', 'a', 'b']);
    // Only a waits now: its waiters get the slots freed, by a or by b.
    slots.release('a');
    await settle();
    expect(granted).toEqual(['a', 'a', 'b', 'a']);
    slots.release('b');
    await settle();
    expect(granted).toEqual(['a', 'a', 'b', 'a', 'a']);
  });

  it('takes turns between owners with one slot, however many each has waiting', async () => {
    const slots = new FairSlots(1);
    const granted: string[] = [];
    ask(slots, ['a', 'a', 'a', 'a', 'b', 'b', 'c'], granted);
    await settle();
    for (let i = 0; i < 6; i++) {
      slots.release(granted.at(-1)!);
      await settle();
    }
    expect(granted).toEqual(['a', 'b', 'c', 'a', 'b', 'a', 'a']);
  });

  it('serves a newcomer before an owner that was served already', async () => {
    const slots = new FairSlots(1);
    const granted: string[] = [];
    ask(slots, ['a', 'a', 'b'], granted);
    await settle();
    slots.release('a');
    await settle();
    // b has the slot; a waits. c arrives now and goes before a, which was served already.
    ask(slots, ['c'], granted);
    slots.release('b');
    await settle();
    slots.release('c');
    await settle();
    expect(granted).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps an owner to its share while another is present, even when the other wants no slot now', async () => {
    const slots = new FairSlots(2);
    const granted: string[] = [];
    // a has two downloads running, b one that is reading rows (not building) at the moment.
    slots.join('a');
    slots.join('a');
    slots.join('b');
    ask(slots, ['a', 'a'], granted);
    await settle();
    expect(granted).toEqual(['a']);
    // b's slot waits free for it.
    ask(slots, ['b'], granted);
    await settle();
    expect(granted).toEqual(['a', 'b']);
    // Once b's download has ended, a may have both.
    slots.release('b');
    slots.leave('b');
    await settle();
    expect(granted).toEqual(['a', 'b', 'a']);
  });

  it('leaves no slot unused for want of a share: three slots, two owners hold two and one', async () => {
    const slots = new FairSlots(3);
    const granted: string[] = [];
    slots.join('a');
    slots.join('a');
    slots.join('a');
    slots.join('b');
    ask(slots, ['a', 'a', 'a'], granted);
    await settle();
    expect(granted).toEqual(['a', 'a']);
    ask(slots, ['b'], granted);
    await settle();
    expect(granted).toEqual(['a', 'a', 'b']);
  });

  it('frees a slot nobody waits for', async () => {
    const slots = new FairSlots(1);
    await slots.take('a');
    slots.release('a');
    const granted: string[] = [];
    ask(slots, ['b'], granted);
    await settle();
    expect(granted).toEqual(['b']);
  });
});
