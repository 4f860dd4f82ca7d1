import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { type IsoDay, istDay } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { DEMO_CAFE_PREFIX } from '../write-network.js';

/** The transfers the demo feed sent: their transferIds start with this. */
export const DEMO_TRANSFER_PREFIX = 'demo-transfer-';

export interface LivePlayer {
  username: string;
  master: string;
  /** Its master's parent (the area manager, in the demo). */
  areaManager: string;
  /** The IST day it registered: it plays from the next day on. */
  registeredDay: IsoDay;
  /** Its master's cafes (platform ids). */
  homeCafes: string[];
  /** Cafes of the other masters under the same area manager. */
  nearbyCafes: string[];
}

export interface WalletPair {
  parent: string;
  child: string;
}

export interface PendingTransfer {
  transferId: string;
  from: string;
  to: string;
  amountCents: number;
  atMs: number;
}

/**
 * The demo network as it is now, read from the database (the feed changes it: new players), as
 * the live demo feed needs it. Only what the feed can refer to: active accounts, and the cafes of
 * active masters that have a demo platform id.
 */
export interface LiveNetwork {
  /** Active players of active masters that have a demo cafe, by username. */
  players: LivePlayer[];
  /** Every demo cafe of an active master (a player now and then wanders to one). */
  openCafes: string[];
  /** Active masters with a demo cafe, by username: where new players join. */
  masters: string[];
  /** Active parent-child pairs whose child holds points (it uses its wallet), by child. */
  walletPairs: WalletPair[];
  /** Wallet balances of the accounts in walletPairs, by username. */
  balances: Map<string, number>;
  /** The demo feed's transfers still pending, both parties active. */
  pending: PendingTransfer[];
  /** The highest n of the usernames playerN (new players continue after it). */
  lastPlayerNumber: number;
}

export async function readLiveNetwork(db: Queryable): Promise<LiveNetwork> {
  const cafes = await queryRows<{ platform_id: string; master: string; area: string | null }>(
    db,
    sql`SELECT c.platform_id, m.username AS master, m.parent_id::text AS area
          FROM cafes c JOIN accounts m ON m.id = c.master_id
         WHERE c.platform_id LIKE ${`${DEMO_CAFE_PREFIX}%`} AND m.role = 'master' AND m.user_status
         ORDER BY c.platform_id`,
  );
  const cafesOf = new Map<string, string[]>();
  const mastersOfArea = new Map<string, Set<string>>();
  for (const cafe of cafes) {
    cafesOf.set(cafe.master, [...(cafesOf.get(cafe.master) ?? []), cafe.platform_id]);
    const area = cafe.area ?? '';
    mastersOfArea.set(area, (mastersOfArea.get(area) ?? new Set()).add(cafe.master));
  }
  const areaOf = new Map(cafes.map((c) => [c.master, c.area ?? '']));

  const playerRows = await queryRows<{
    username: string;
    master: string;
    area_manager: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT p.username, m.username AS master, am.username AS area_manager, p.created_at
          FROM accounts p JOIN accounts m ON m.id = p.parent_id LEFT JOIN accounts am ON am.id = m.parent_id
         WHERE p.role = 'player' AND p.user_status AND m.role = 'master' AND m.user_status
         ORDER BY p.username`,
  );
  const players: LivePlayer[] = [];
  for (const row of playerRows) {
    const homeCafes = cafesOf.get(row.master);
    if (!homeCafes) continue;
    const area = definite(areaOf.get(row.master), "a master's area");
    const neighbours = [...(mastersOfArea.get(area) ?? [])].filter((m) => m !== row.master).sort();
    players.push({
      username: row.username,
      master: row.master,
      areaManager: row.area_manager ?? '',
      registeredDay: istDay(new Date(row.created_at)),
      homeCafes,
      nearbyCafes: neighbours.flatMap((m) => definite(cafesOf.get(m), "a neighbour's cafes")),
    });
  }

  const pairs = await queryRows<{ parent: string; child: string; parent_cents: number; child_cents: number }>(
    db,
    sql`SELECT p.username AS parent, a.username AS child,
               p.wallet_balance_cents AS parent_cents, a.wallet_balance_cents AS child_cents
          FROM accounts a JOIN accounts p ON p.id = a.parent_id
         WHERE a.user_status AND p.user_status AND a.role <> 'house' AND p.role <> 'house' AND a.wallet_balance_cents > 0
         ORDER BY a.username`,
  );
  const balances = new Map<string, number>();
  for (const pair of pairs) {
    balances.set(pair.parent, Number(pair.parent_cents));
    balances.set(pair.child, Number(pair.child_cents));
  }

  const pending = await queryRows<{
    platform_id: string;
    from: string;
    to: string;
    amount_cents: number;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT t.platform_id, f.username AS "from", r.username AS "to", t.amount_cents, t.created_at
          FROM transfers t JOIN accounts f ON f.id = t.from_id JOIN accounts r ON r.id = t.to_id
         WHERE t.status = 'pending' AND t.platform_id LIKE ${`${DEMO_TRANSFER_PREFIX}%`} AND f.user_status AND r.user_status
         ORDER BY t.platform_id`,
  );

  const [last] = await queryRows<{ n: number | null }>(
    db,
    sql`SELECT max(substring(username FROM '^player([0-9]{1,9})$')::int) AS n FROM accounts WHERE role = 'player'`,
  );

  return {
    players,
    openCafes: cafes.map((c) => c.platform_id),
    masters: [...cafesOf.keys()].sort(),
    walletPairs: pairs.map((p) => ({ parent: p.parent, child: p.child })),
    balances,
    pending: pending.map((t) => ({
      transferId: t.platform_id,
      from: t.from,
      to: t.to,
      amountCents: Number(t.amount_cents),
      atMs: new Date(t.created_at).getTime(),
    })),
    lastPlayerNumber: Number(last?.n ?? 0),
  };
}
