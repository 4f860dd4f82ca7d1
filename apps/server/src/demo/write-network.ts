import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { setPassword } from '../modules/identity/gate/commands.js';
import { unjudgedPassword } from '../modules/identity/gate/passwords.js';
import { instantArray, numberArray, textArray, uuidArray } from './arrays.js';
import { DEMO_EMAIL_ACCOUNTS, DEMO_PASSWORD, type NetworkPlan, type SeedAccount } from './network.js';

/**
 * Writes the accounts (level by level, so each parent exists before its children and the
 * closure-table trigger finds it), then the cafes and the loans. Accounts start active and with
 * an empty wallet: the ledger funds them, and deactivation comes after the transfers.
 */
export async function writeNetwork(db: Db, plan: NetworkPlan): Promise<void> {
  // The accounts the README names (the fixed ones, master3 and master4) have the demo password; the
  // thousands of generated accounts have none, as accounts the platform makes: a manager lets them
  // in with a sign-in link from the Accounts screen (docs/domain.md, "Demo data").
  const named = plan.accounts.filter((a) => a.demoPassword);
  const own = await Promise.all(named.map(async (a) => ({ id: a.id, password: await unjudgedPassword(DEMO_PASSWORD) })));

  const levels = new Map<number, SeedAccount[]>();
  for (const account of plan.accounts) {
    const level = levels.get(account.depth) ?? [];
    level.push(account);
    levels.set(account.depth, level);
  }
  for (const [, level] of [...levels].sort(([a], [b]) => a - b)) {
    await db.execute(sql`
      INSERT INTO accounts (id, username, first_name, last_name, role, parent_id, commission, address, created_at)
      SELECT id, username, first_name, last_name, role::role, parent_id, commission::numeric, address,
             to_timestamp(created_ms / 1000.0)
        FROM unnest(
          ${uuidArray(level.map((a) => a.id))},
          ${textArray(level.map((a) => a.username))},
          ${textArray(level.map((a) => a.firstName))},
          ${textArray(level.map((a) => a.lastName))},
          ${textArray(level.map((a) => a.role))},
          ${uuidArray(level.map((a) => a.parentId))},
          ${textArray(level.map((a) => a.commission))},
          ${textArray(level.map((a) => a.address))},
          ${instantArray(level.map((a) => a.createdAt))}
        ) AS u(id, username, first_name, last_name, role, parent_id, commission, address, created_ms)
    `);
  }
  for (const { id, password } of own) await setPassword(db, id, password, null);

  // master1 and am1 have confirmed addresses: their weekly statements are made when the weeks close
  // (docs/domain.md, "Demo data"), held on the embedded default without a mail server, so the Mail
  // screen shows what would be sent. example.com is reserved: nothing sent there reaches anyone.
  // They have the daily digest on too (docs/domain.md, "The owner's week"), at the default 09:00 IST.
  await db.execute(sql`UPDATE accounts SET email = username || '@example.com', email_verified = true, digest_emails = true
                        WHERE username IN (${sql.join(
                          DEMO_EMAIL_ACCOUNTS.map((name) => sql`${name}`),
                          sql`, `,
                        )})`);

  // They have big-win alerts on too: the live demo's hourly big win in am1's network (live/big-wins.ts)
  // makes an alert within the minute, mailed once a mail server is configured.
  await db.execute(sql`UPDATE accounts SET big_win_emails = true
                        WHERE username IN (${sql.join(
                          DEMO_EMAIL_ACCOUNTS.map((name) => sql`${name}`),
                          sql`, `,
                        )})`);

  // Each cafe has its platform id (the feed's cafeId), as the game platform would have given it:
  // the live demo feed and anyone posting to the feed refer to the cafes by it.
  await db.execute(sql`
    INSERT INTO cafes (id, master_id, name, address, created_at, platform_id)
    SELECT id, master_id, name, address, to_timestamp(created_ms / 1000.0), platform_id
      FROM unnest(
        ${uuidArray(plan.cafes.map((c) => c.id))},
        ${uuidArray(plan.cafes.map((c) => c.masterId))},
        ${textArray(plan.cafes.map((c) => c.name))},
        ${textArray(plan.cafes.map((c) => c.address))},
        ${instantArray(plan.cafes.map((c) => c.createdAt))},
        ${textArray(plan.cafes.map((_, i) => demoCafeId(i + 1)))}
      ) AS u(id, master_id, name, address, created_ms, platform_id)
  `);

  await db.execute(sql`
    INSERT INTO loans (id, agent_id, principal_cents, processing_fee_cents, deduction_percentage, issued_at)
    SELECT id, agent_id, principal, fee, rate::numeric, to_timestamp(issued_ms / 1000.0)
      FROM unnest(
        ${uuidArray(plan.loans.map((l) => l.id))},
        ${uuidArray(plan.loans.map((l) => l.agentId))},
        ${numberArray(
          plan.loans.map((l) => l.principalCents),
          'bigint',
        )},
        ${numberArray(
          plan.loans.map((l) => l.processingFeeCents),
          'bigint',
        )},
        ${textArray(plan.loans.map((l) => l.deductionPercentage))},
        ${instantArray(plan.loans.map((l) => l.issuedAt))}
      ) AS u(id, agent_id, principal, fee, rate, issued_ms)
  `);
}

export const DEMO_CAFE_PREFIX = 'demo-cafe-';

/**
 * The platform id of the demo network's cafe number `n` (1 first, in the plan's order: master1's
 * only cafe is demo-cafe-1). The live demo feed plays at the cafes with such an id.
 */
export function demoCafeId(n: number): string {
  return `${DEMO_CAFE_PREFIX}${n}`;
}

/** Switches off the accounts planned as inactive (after the ledger has done their transfers). */
export async function deactivateAccounts(db: Db, plan: NetworkPlan): Promise<number> {
  const ids = plan.accounts.filter((a) => !a.active).map((a) => a.id);
  if (ids.length > 0) await db.execute(sql`UPDATE accounts SET user_status = false WHERE id = ANY(${uuidArray(ids)})`);
  return ids.length;
}
