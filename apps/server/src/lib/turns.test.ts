import { describe, expect, it } from 'vitest';
import { turns } from './turns.js';

describe('turns', () => {
  it('runs at most `limit` works at once, the others in the order they came, each answering its own result or error', async () => {
    const turn = turns(2);
    const started: number[] = [];
    let atOnce = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const work = (n: number) =>
      turn(async () => {
        started.push(n);
        atOnce += 1;
        most = Math.max(most, atOnce);
        await new Promise<void>((resolve) => releases.push(resolve));
        atOnce -= 1;
        if (n === 3) throw new Error('work 3 failed');
        return n * 10;
      });
    const results = [1, 2, 3, 4, 5].map((n) => work(n).catch((err: Error) => err.message));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([1, 2]);
    for (let n = 0; n < 5; n += 1) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await Promise.all(results)).toEqual([10, 20, 'work 3 failed', 40, 50]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });
});
