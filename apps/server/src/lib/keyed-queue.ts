/**
 * Runs tasks one at a time per key, in the order they arrive; tasks of different keys run side by
 * side. Sign-in uses it so that a burst of parallel attempts from one address (or at one
 * username) waits here, in memory, instead of each holding a database connection while it waits
 * for the same advisory lock: the burst then takes one connection, not the whole pool.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    try {
      await before;
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with a task running or waiting (for tests: nothing is kept once a key is idle). */
  get size(): number {
    return this.tails.size;
  }
}
