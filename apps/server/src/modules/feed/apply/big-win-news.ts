import { MANAGER_ROLES } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Big wins as they arrive (docs/domain.md, "The owner's week", big-win alerts): the plays of a run
 * whose win reaches the lowest big-win threshold among the accounts with alerts on are written to
 * big_win_news, in the batch's transaction, so a win that arrived is never lost to a stop; the
 * alert process (mail/big-win-alerts/) hands each to the people above its member.
 *
 * It is a part of the run's own insert (a data-modifying WITH over the rows it inserted), not a
 * statement of its own: the feed pays one look at the subscribers' thresholds per run of plays (the
 * few managers and masters, through accounts_role_idx), and nothing is written while nobody has
 * alerts on (the lowest threshold is then null, which no win reaches).
 */
const SUBSCRIBER_ROLES = sql.join(
  [...MANAGER_ROLES, 'master'].map((role) => sql`${role}::role`),
  sql`, `,
);

/** The INSERT of the big wins among `inserted` (a WITH query returning plays' columns), arrived at `now`. */
export function bigWinNewsOf(inserted: SQL, now: Date): SQL {
  return sql`INSERT INTO big_win_news (play_id, played_at, member_id, cafe_id, game_id, play_points_cents, win_points_cents, arrived_at)
             SELECT i.id, i.played_at, i.member_id, i.cafe_id, i.game_id, i.play_points_cents, i.win_points_cents,
                    ${now.toISOString()}::timestamptz
               FROM ${inserted} i
              WHERE i.win_points_cents >= (SELECT min(a.big_win_threshold_cents) FROM accounts a
                                            WHERE a.role IN (${SUBSCRIBER_ROLES}) AND a.big_win_emails)`;
}
