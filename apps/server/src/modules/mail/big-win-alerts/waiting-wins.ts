import { fullName, type Language, type Role } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';
import { type DbCents, readCents } from '../../../lib/money.js';
import { mailLanguage } from '../words.js';

/** At most one alert per this long per person: the wins in between wait for the next. */
export const ALERT_SPACING_MS = 15 * 60_000;

/** An account that may be mailed an alert now: alerts on, active, not blocked, a confirmed address. */
const MAY_BE_ALERTED = sql`a.big_win_emails AND a.user_status AND a.blocked_at IS NULL AND a.email_verified AND a.email IS NOT NULL`;

/**
 * Drops the waiting wins that will never be mailed: those of a play voided since it arrived (a
 * voided win is not news), and those of an account that may no longer be alerted (alerts turned
 * off, blocked, inactive, its address removed or not confirmed): they are not kept for later.
 */
export async function dropUnsendableWins(tx: Queryable): Promise<void> {
  await tx.execute(
    sql`DELETE FROM big_win_alert_wins w
         USING accounts a, big_win_news n, plays p
         WHERE a.id = w.account_id AND n.id = w.news_id AND p.id = n.play_id AND p.played_at = n.played_at
           AND (p.voided_at IS NOT NULL OR NOT (${MAY_BE_ALERTED}))`,
  );
}

/** A win as an alert lists it. */
export interface AlertWin {
  newsId: number;
  playedAt: Date;
  member: string;
  memberName: string;
  /** The member's master. */
  agent: string;
  cafe: string;
  game: string;
  drawAt: Date | null;
  stakeCents: bigint;
  winCents: bigint;
}

/** A person whose alert is due, with the wins waiting for it, biggest first. */
export interface DueAlert {
  accountId: string;
  username: string;
  role: Role;
  email: string;
  /** The account's language, read when the alert is made: its words (English when left out). */
  language?: Language | undefined;
  thresholdCents: bigint;
  wins: AlertWin[];
}

interface Row {
  account_id: string;
  username: string;
  role: Role;
  email: string;
  language: string;
  threshold_cents: DbCents;
  news_id: number | string;
  played_at: Date | string;
  member: string;
  member_first: string;
  member_last: string;
  agent: string | null;
  cafe: string;
  game: string;
  draw_at: Date | string | null;
  stake_cents: DbCents;
  win_cents: DbCents;
}

/**
 * The alerts due at `now`: every person with waiting wins whose last alert was made 15 minutes ago
 * or more (or never), each with all its waiting wins. The accounts are locked until the
 * transaction ends, so a change of their switch or address waits for the alert to be made (and
 * then closes it through the gate).
 */
export async function dueAlerts(tx: Queryable, now: Date): Promise<DueAlert[]> {
  const spacedFrom = new Date(now.getTime() - ALERT_SPACING_MS).toISOString();
  const rows = await queryRows<Row>(
    tx,
    sql`SELECT a.id AS account_id, a.username, a.role::text AS role, a.email, a.language, a.big_win_threshold_cents AS threshold_cents,
               n.id AS news_id, n.played_at, m.username AS member, m.first_name AS member_first, m.last_name AS member_last,
               ag.username AS agent, cf.name AS cafe, g.name AS game, d.draw_time AS draw_at,
               n.play_points_cents AS stake_cents, n.win_points_cents AS win_cents
          FROM accounts a
          JOIN big_win_alert_wins w ON w.account_id = a.id
          JOIN big_win_news n ON n.id = w.news_id
          JOIN plays p ON p.id = n.play_id AND p.played_at = n.played_at
          JOIN accounts m ON m.id = n.member_id
          LEFT JOIN accounts ag ON ag.id = m.parent_id
          JOIN cafes cf ON cf.id = n.cafe_id
          JOIN games g ON g.id = n.game_id
          LEFT JOIN draws d ON d.id = p.draw_id
         WHERE (a.big_win_alert_sent_at IS NULL OR a.big_win_alert_sent_at <= ${spacedFrom}::timestamptz)
         ORDER BY a.id, n.win_points_cents DESC, n.played_at, n.id
           FOR UPDATE OF a`,
  );
  const alerts = new Map<string, DueAlert>();
  for (const row of rows) {
    let alert = alerts.get(row.account_id);
    if (!alert) {
      alert = {
        accountId: row.account_id,
        username: row.username,
        role: row.role,
        email: row.email,
        language: mailLanguage(row.language),
        thresholdCents: readCents(row.threshold_cents),
        wins: [],
      };
      alerts.set(row.account_id, alert);
    }
    alert.wins.push({
      newsId: Number(row.news_id),
      playedAt: new Date(row.played_at),
      member: row.member,
      memberName: fullName(row.member_first, row.member_last),
      agent: row.agent ?? '',
      cafe: row.cafe,
      game: row.game,
      drawAt: row.draw_at === null ? null : new Date(row.draw_at),
      stakeCents: readCents(row.stake_cents),
      winCents: readCents(row.win_cents),
    });
  }
  return [...alerts.values()];
}

/** Clears the wins an alert carried and starts the person's 15 minutes. */
export async function markAlerted(tx: Queryable, alerts: readonly DueAlert[], now: Date): Promise<void> {
  if (alerts.length === 0) return;
  const carried = alerts.flatMap((alert) => alert.wins.map((win) => ({ a: alert.accountId, n: win.newsId })));
  await tx.execute(
    sql`DELETE FROM big_win_alert_wins w
         USING json_to_recordset(${JSON.stringify(carried)}::json) AS c(a uuid, n bigint)
         WHERE w.account_id = c.a AND w.news_id = c.n`,
  );
  const accountIds = alerts.map((alert) => alert.accountId);
  await tx.execute(
    sql`UPDATE accounts SET big_win_alert_sent_at = ${now.toISOString()}::timestamptz
         WHERE id IN (SELECT value::uuid FROM json_array_elements_text(${JSON.stringify(accountIds)}::json))`,
  );
}
