/**
 * npx tsx bench/activity-write.ts [--rounds N]
 *
 * What the activity entry adds to a sign-in: the sign-in's transaction with and without its
 * `recordSignIn` (as the sign-in writes it, for master1), alternating, on BENCH_DATABASE_URL (any
 * seeded network: `npm run seed -- --scale small`). Prints both medians and the difference.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { recordSignIn } from '../apps/server/src/modules/activity/sign-in.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/playrep_bench';
const WARM_UP = 50;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '600' } } });
  const rounds = Number(values.rounds);
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL || DEFAULT_URL, poolSize: 2 });
  try {
    const [master] = await queryRows<{ id: string }>(database.db, sql`SELECT id FROM accounts WHERE username = 'master1'`);
    if (!master) throw new Error('No master1: seed a network first (npm run seed -- --scale small)');
    const times = { without: [] as number[], with: [] as number[] };
    for (let round = -WARM_UP; round < rounds; round += 1) {
      for (const withEntry of [false, true]) {
        const start = performance.now();
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          if (withEntry) {
            await recordSignIn(tx, {
              at: new Date(),
              accountId: master.id,
              username: 'master1',
              reason: 'ok',
              address: '10.0.0.1',
              userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
            });
          }
        });
        if (round >= 0) times[withEntry ? 'with' : 'without'].push(performance.now() - start);
      }
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const [without, withEntry] = [median(times.without), median(times.with)];
    process.stdout.write(
      `sign-in transaction p50 without the activity entry ${without.toFixed(2)} ms, with it ${withEntry.toFixed(2)} ms: ` +
        `+${(withEntry - without).toFixed(2)} ms (${rounds} each, alternating)\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
});
