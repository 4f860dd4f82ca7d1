import { definite } from '../../lib/definite.js';

/**
 * A number of slots shared fairly between owners (the accounts whose downloads are being built).
 * While several owners are present (they joined: a download of theirs is running), none holds
 * more than its share of the slots (the slots divided by the owners present, rounded up), even
 * when the others do not want theirs at that moment: an account with two downloads running then
 * leaves the CPUs and the reads to another's one instead of taking them whenever it asks first.
 * A freed slot goes to the waiting owner that holds the fewest, and among those to the one served
 * longest ago (a newcomer first); an owner's own waiters are served in the order they came. So a
 * download started beside a flood of them is not held up behind it (README, "Export limits").
 */
export class FairSlots {
  private free: number;
  /** Running downloads of each owner present. */
  private readonly present = new Map<string, number>();
  private readonly held = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();
  /** When each owner with slots or waiters was last given one (a count of grants). */
  private readonly lastServed = new Map<string, number>();
  private grants = 0;

  constructor(private readonly size: number) {
    this.free = size;
  }

  /** A download of `owner` starts: the owner counts in the shares until as many leave(owner). */
  join(owner: string): void {
    this.present.set(owner, (this.present.get(owner) ?? 0) + 1);
  }

  leave(owner: string): void {
    const left = (this.present.get(owner) ?? 1) - 1;
    if (left > 0) this.present.set(owner, left);
    else this.present.delete(owner);
    // The others' shares may have grown.
    this.dispatch();
  }

  /** Resolves once `owner` holds a slot; give it back with release(owner). */
  take(owner: string): Promise<void> {
    return new Promise((resolve) => {
      const queue = this.waiting.get(owner);
      if (queue) queue.push(resolve);
      else this.waiting.set(owner, [resolve]);
      this.dispatch();
    });
  }

  release(owner: string): void {
    const left = (this.held.get(owner) ?? 1) - 1;
    if (left > 0) this.held.set(owner, left);
    else this.held.delete(owner);
    this.free += 1;
    this.dispatch();
    if (!this.held.has(owner) && !this.waiting.has(owner)) this.lastServed.delete(owner);
  }

  /** Gives free slots to waiters, fairest first, within their shares. */
  private dispatch(): void {
    while (this.free > 0) {
      const next = this.nextOwner();
      if (next === undefined) return;
      const queue = definite(this.waiting.get(next), 'the queue of the next owner');
      const resolve = definite(queue.shift(), 'its first waiter');
      if (queue.length === 0) this.waiting.delete(next);
      this.free -= 1;
      this.held.set(next, (this.held.get(next) ?? 0) + 1);
      this.grants += 1;
      this.lastServed.set(next, this.grants);
      resolve();
    }
  }

  /** The waiting owner below its share that holds the fewest slots, served longest ago among those. */
  private nextOwner(): string | undefined {
    const owners = new Set([...this.present.keys(), ...this.held.keys(), ...this.waiting.keys()]);
    // Rounded up, so that no slot is left unused for want of a share (3 reads, 2 owners: 2 and 1).
    const share = Math.ceil(this.size / owners.size);
    let best: string | undefined;
    for (const owner of this.waiting.keys()) {
      if ((this.held.get(owner) ?? 0) >= share) continue;
      if (best === undefined || this.before(owner, best)) best = owner;
    }
    return best;
  }

  private before(a: string, b: string): boolean {
    const heldA = this.held.get(a) ?? 0;
    const heldB = this.held.get(b) ?? 0;
    if (heldA !== heldB) return heldA < heldB;
    return (this.lastServed.get(a) ?? 0) < (this.lastServed.get(b) ?? 0);
  }
}
