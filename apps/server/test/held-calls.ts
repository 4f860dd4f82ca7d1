import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { TestSession } from './fixtures/network.js';

/**
 * Calls a test keeps running as long as it needs: a probe route waits on a named hold (`reach()`
 * when it gets there, then `await released`) until the test lets it go. And requests on
 * connections of their own to the listening app, which the test can break off half-way.
 */
export interface Hold {
  /** Resolved when the probe reaches the hold (whatever it counts against is taken by then). */
  reached: Promise<void>;
  reach(): void;
  released: Promise<void>;
  release(): void;
}

export function createHolds() {
  const holds = new Map<string, Hold>();
  const get = (name: string): Hold => {
    let hold = holds.get(name);
    if (!hold) {
      let reach = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => {
        reach = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold = { reached, reach, release, released };
      holds.set(name, hold);
    }
    return hold;
  };
  const releaseAll = () => {
    for (const hold of holds.values()) hold.release();
  };
  return { get, releaseAll };
}

export type Holds = ReturnType<typeof createHolds>;

export interface OpenRequest {
  /** The answer read to its end. */
  done: Promise<{ status: number; bytes: number }>;
  /** Closes the connection (the caller gives up). */
  cancel(): void;
}

/** Starts listening on a free port; `get` sends a GET on a connection of its own. */
export async function listenForHeldCalls(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    port,
    get(session: TestSession, path: string): OpenRequest {
      let request: http.ClientRequest | undefined;
      const done = new Promise<{ status: number; bytes: number }>((resolve, reject) => {
        request = http.get({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${session.token}` } }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
          res.on('error', reject);
        });
        request.on('error', reject);
      });
      done.catch(() => {});
      return { done, cancel: () => request?.destroy() };
    },
  };
}

/** Retries `probe` until it answers something else than 429 (a place is freed when the server sees the close). */
export async function untilNot429<R extends { statusCode: number }>(probe: () => Promise<R>): Promise<R> {
  for (let i = 0; ; i++) {
    const res = await probe();
    if (res.statusCode !== 429 || i >= 100) return res;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
