import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';

/**
 * Hands every big win not yet processed (big_win_news, written by the feed) to each account above
 * its member (account_closure) that has big-win alerts on and a threshold the win reaches, to wait
 * for that account's next alert (big_win_alert_wins), and marks the news processed. One statement:
 * the rows it marks are exactly those it hands out, even while the feed writes more. A win voided
 * meanwhile is handed to nobody. Returns how many wins were handed out (to how many people, summed).
 */
export async function handOutBigWins(tx: Queryable, now: Date): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    tx,
    sql`WITH news AS (
          UPDATE big_win_news SET processed_at = ${now.toISOString()}::timestamptz
           WHERE processed_at IS NULL
          RETURNING id, play_id, played_at, member_id, win_points_cents
        ), handed AS (
          INSERT INTO big_win_alert_wins (account_id, news_id)
          SELECT c.ancestor_id, news.id
            FROM news
            JOIN plays p ON p.id = news.play_id AND p.played_at = news.played_at AND p.voided_at IS NULL
            JOIN account_closure c ON c.descendant_id = news.member_id AND c.depth > 0
            JOIN accounts a ON a.id = c.ancestor_id
           WHERE a.big_win_emails AND a.big_win_threshold_cents <= news.win_points_cents
          ON CONFLICT DO NOTHING
          RETURNING 1
        )
        SELECT count(*) AS n FROM handed`,
  );
  return Number(rows[0]?.n ?? 0);
}
