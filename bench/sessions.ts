import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../apps/server/src/db/client.js';
import { DEMO_PASSWORD } from '../apps/server/src/demo/network.js';
import { BenchRefusal } from './db-facts.js';

/** Ids of the named accounts; refuses when one is missing (not the demo network). */
export async function accountIds(db: Db, usernames: readonly string[]): Promise<Record<string, string>> {
  const rows = await queryRows<{ id: string; username: string }>(
    db,
    sql`SELECT id, username FROM accounts WHERE username IN (${sql.join(
      usernames.map((u) => sql`${u}`),
      sql`, `,
    )})`,
  );
  const ids = Object.fromEntries(rows.map((r) => [r.username, r.id]));
  const missing = usernames.filter((u) => !ids[u]);
  if (missing.length > 0) throw new BenchRefusal(`The demo accounts ${missing.join(', ')} are missing: not a demo network.`);
  return ids;
}

/** Sessions end 30 minutes after sign-in: sign in again when less than this is left. */
const RENEW_MARGIN_MS = 5 * 60_000;
const MAX_THROTTLE_WAITS = 3;

/**
 * One session per demo account, through POST /api/auth/login like the web app. The address
 * throttle allows 30 attempts a minute: the bench makes one per account (and one more per 25
 * minutes of a long run), and waits Retry-After if a parallel run has used them up.
 */
export class Sessions {
  private readonly live = new Map<string, { token: string; expiresAt: number }>();

  /** `now`: the server's clock in milliseconds, when the app runs on a clock of its own (bench/sizes.ts). */
  constructor(
    private readonly port: number,
    private readonly now: () => number = Date.now,
  ) {}

  async token(username: string): Promise<string> {
    const held = this.live.get(username);
    if (held && held.expiresAt - this.now() > RENEW_MARGIN_MS) return held.token;
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`http://127.0.0.1:${this.port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: DEMO_PASSWORD }),
      });
      if (res.status === 429 && attempt < MAX_THROTTLE_WAITS) {
        const wait = Number(res.headers.get('retry-after') ?? '10');
        process.stderr.write(`  sign-in throttled, waiting ${wait} s\n`);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      if (res.status !== 200) throw new BenchRefusal(`Sign-in as ${username} failed: ${res.status} ${await res.text()}`);
      // Only the token and its end: an older revision's answer (bench/compare.ts) may lack later fields.
      const body = (await res.json()) as { token?: unknown; expiresAt?: unknown };
      if (typeof body.token !== 'string' || typeof body.expiresAt !== 'string') {
        throw new BenchRefusal(`Sign-in as ${username} answered no token: ${JSON.stringify(body).slice(0, 200)}`);
      }
      this.live.set(username, { token: body.token, expiresAt: Date.parse(body.expiresAt) });
      return body.token;
    }
  }
}
