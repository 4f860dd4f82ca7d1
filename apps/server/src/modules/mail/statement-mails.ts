import { dayMonYear, LANGUAGES } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { addDays, type IsoDay } from '../../lib/dates.js';
import { type MailWords, mailDay } from './words.js';

/**
 * The weekly statements (docs/domain.md, "Mail and statements"), queued in the transaction that
 * closes a week's draw-games settlement: for every active master with a verified address and
 * statements on, its Agent Mail statement; for every manager (areamanager up to admin) likewise,
 * its Manager Mail statement. One statement for all of them: closing a week stays as fast as it
 * was. The rows hold only what the mail is about; its body and PDF are built when it is sent, from
 * the week's fixed figures (render the `content`), in the language its subject was written in: the
 * account's when the statement was queued (docs/decisions/0021-languages.md, "Mail in the
 * recipient's language").
 */
export const STATEMENT_SUBJECTS: MailWords<Record<'agent' | 'manager', (weekStart: IsoDay) => string>> = {
  en: {
    agent: (weekStart) => `Agent Mail statement, week ${dayMonYear(weekStart)} to ${dayMonYear(addDays(weekStart, 6))}`,
    manager: (weekStart) => `Manager Mail statement, week ${dayMonYear(weekStart)} to ${dayMonYear(addDays(weekStart, 6))}`,
  },
  hi: {
    agent: (weekStart) => `एजेंट मेल स्टेटमेंट, सप्ताह ${mailDay('hi', weekStart)} से ${mailDay('hi', addDays(weekStart, 6))} तक`,
    manager: (weekStart) => `मैनेजर मेल स्टेटमेंट, सप्ताह ${mailDay('hi', weekStart)} से ${mailDay('hi', addDays(weekStart, 6))} तक`,
  },
};

/** The subject of each statement and language, as SQL picking it by the statement (`s.statement`) and `a.language`. */
function subjectOf(weekStart: IsoDay): SQL {
  const cases = LANGUAGES.flatMap((language) =>
    (['agent', 'manager'] as const).map(
      (statement) => sql`WHEN ${`${statement}:${language}`} THEN ${STATEMENT_SUBJECTS[language][statement](weekStart)}`,
    ),
  );
  return sql`CASE s.statement || ':' || a.language ${sql.join(cases, sql` `)} ELSE ${STATEMENT_SUBJECTS.en.manager(weekStart)} END`;
}

/** Queues the week's statements (a statement queued before is left alone); returns how many were queued. */
export async function queueWeekStatements(tx: Queryable, weekStart: IsoDay, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO outbox (key, kind, account_id, recipient, subject, content, week_start, next_attempt_at, created_at)
        SELECT 'statement:' || s.statement || ':' || ${weekStart} || ':' || a.id,
               'statement-' || s.statement, a.id, a.email,
               ${subjectOf(weekStart)},
               jsonb_build_object('type', 'statement', 'statement', s.statement, 'accountId', a.id, 'weekStart', ${weekStart}::text,
                                  'language', a.language),
               ${weekStart}::date, ${at}::timestamptz, ${at}::timestamptz
          FROM accounts a
         CROSS JOIN LATERAL (SELECT CASE WHEN a.role = 'master' THEN 'agent' ELSE 'manager' END AS statement) s
         WHERE a.role IN ('master', 'areamanager', 'superareamanager', 'admin')
           AND a.user_status AND a.blocked_at IS NULL AND a.email_verified AND a.statement_emails
        ON CONFLICT (key) DO NOTHING
        RETURNING id`,
  );
  return rows.length;
}
