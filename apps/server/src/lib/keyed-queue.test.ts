import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('KeyedQueue', () => {
  it('runs the tasks of one key one at a time, in arrival order; other keys alongside', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const sameKey = await Promise.all(['a1', 'a2', 'a3'].map((name) => queue.run('a', task(name))));
    expect(sameKey).toEqual(['a1', 'a2', 'a3']);
    expect(log).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    expect(most).toBe(1);

    most = 0;
    await Promise.all([queue.run('a', task('a')), queue.run('b', task('b'))]);
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
  });

  it('goes on with the next task when one fails, and passes the failure to its caller', async () => {
    const queue = new KeyedQueue();
    const failing = queue.run('k', async () => {
      await tick();
      throw new Error('boom');
    });
    const next = queue.run('k', async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    expect(queue.size).toBe(0);
  });
});
