/**
 * A number of slots shared fairly between owners (the accounts whose downloads are being built):
 * a freed slot goes to the waiting owner that holds the fewest slots, and among those to the one
 * served longest ago (a newcomer first); an owner's own waiters are served in the order they came.
 * So an account with two downloads running gets no more turns than another with one, and a
 * download started beside a running flood of them is not held up behind it (README, "Export
 * limits").
 */
export class FairSlots {
  private free: number;
  private readonly held = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();
  /** When each owner with slots or waiters was last given one (a count of grants). */
  private readonly lastServed = new Map<string, number>();
  private grants = 0;

  constructor(size: number) {
    this.free = size;
  }

  /** Resolves once `owner` holds a slot; give it back with release(owner). */
  take(owner: string): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      this.grant(owner);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(owner);
      if (queue) queue.push(resolve);
      else this.waiting.set(owner, [resolve]);
    });
  }

  release(owner: string): void {
    const left = (this.held.get(owner) ?? 1) - 1;
    if (left > 0) this.held.set(owner, left);
    else this.held.delete(owner);
    const next = this.nextOwner();
    if (next === undefined) {
      this.free += 1;
    } else {
      const queue = this.waiting.get(next)!;
      const resolve = queue.shift()!;
      if (queue.length === 0) this.waiting.delete(next);
      this.grant(next);
      resolve();
    }
    if (!this.held.has(owner) && !this.waiting.has(owner)) this.lastServed.delete(owner);
  }

  private grant(owner: string): void {
    this.held.set(owner, (this.held.get(owner) ?? 0) + 1);
    this.grants += 1;
    this.lastServed.set(owner, this.grants);
  }

  private nextOwner(): string | undefined {
    let best: string | undefined;
    for (const owner of this.waiting.keys()) {
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
