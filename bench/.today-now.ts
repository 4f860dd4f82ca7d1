import { openDatabase } from '../apps/server/src/db/client.js';
import { istDay } from '../apps/server/src/lib/dates.js';
import { requireAccount } from '../apps/server/src/modules/accounts/repository.js';
import { bigWinsToday, idleMasters, lastWeekFigures, losingCafesToday, openLoans, todayFigures, waitingTransfers } from '../apps/server/src/modules/insight/today.js';
import { median } from './load.js';
import { accountIds } from './sessions.js';
for (const url of process.argv.slice(2)) {
  const { db, close } = await openDatabase({ databaseUrl: url, poolSize: 8 });
  const owner = await requireAccount(db, (await accountIds(db, ['superadmin'])).superadmin!);
  const now = new Date(); const day = istDay(now);
  const parts: Record<string, () => Promise<unknown>> = {
    today: () => todayFigures(db, owner, day), lastweek: () => lastWeekFigures(db, owner, now),
    bigwins: () => bigWinsToday(db, { owner, today: day, thresholdCents: 1_000_000n, limit: 20 }),
    losing: () => losingCafesToday(db, { owner, today: day, limit: 20 }), waiting: () => waitingTransfers(db, owner.id),
    loans: () => openLoans(db, { owner, limit: 20 }), idle: () => idleMasters(db, { owner, today: day, limit: 20 }),
  };
  const out: string[] = [];
  for (const [name, fn] of Object.entries(parts)) { await fn(); const t: number[] = []; for (let i = 0; i < 11; i++) { const s = performance.now(); await fn(); t.push(performance.now() - s); } out.push(`${name} ${median(t).toFixed(1)}`); }
  console.log(url.split('/').pop(), out.join(', '));
  await close();
}
