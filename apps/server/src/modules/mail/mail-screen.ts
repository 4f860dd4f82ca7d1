import { MAIL_SCREEN_MESSAGES, MAIL_STATE_LABELS } from '@playrep/contracts';
import type { Db, Queryable } from '../../db/client.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { type ActivityBy, recordActivity } from '../activity/record.js';
import { MAIL_REASONS } from './gate.js';
import { cancelHeldMail, cancelMail, lockMail, type OutboxMail } from './queries.js';

/**
 * The Mail screen's actions that close or reveal a mail (docs/domain.md, "Mail and statements"),
 * each an activity entry in the same transaction: discarding one held or pending mail, or every
 * held one (cancelled, never sent: "cancelled: discarded by {username}"), and opening a preview.
 */
export interface ScreenUser extends ActivityBy {
  actor: { accountId: string };
  username: string;
}

/** Discards one held or pending mail: 404 when there is none, 409 when it is not waiting. */
export async function discardMail(db: Db, mailId: string, by: ScreenUser, now: Date): Promise<void> {
  const { username, ...who } = by;
  await db.transaction(async (tx) => {
    const mail = await lockMail(tx, mailId);
    if (!mail) throw notFound(MAIL_SCREEN_MESSAGES.noSuchMail);
    if (mail.state !== 'pending' && mail.state !== 'held') {
      throw conflict(MAIL_SCREEN_MESSAGES.notWaiting(MAIL_STATE_LABELS[mail.state]));
    }
    await cancelMail(tx, mailId, MAIL_REASONS.discarded(username));
    await recordActivity(tx, {
      ...who,
      at: now,
      kind: 'mail-discarded',
      subjectId: mail.accountId,
      details: { mail: Number(mailId), kind: mail.kind, recipient: mail.recipient },
    });
  });
}

/** Discards every held mail; returns how many (none: nothing is recorded). */
export async function discardHeldMail(db: Db, by: ScreenUser, now: Date): Promise<number> {
  const { username, ...who } = by;
  return db.transaction(async (tx) => {
    const discarded = await cancelHeldMail(tx, MAIL_REASONS.discarded(username));
    if (discarded > 0) {
      await recordActivity(tx, { ...who, at: now, kind: 'mail-discarded', details: { held: discarded } });
    }
    return discarded;
  });
}

/** Records that `by` opened the preview of a mail. */
export async function recordPreview(db: Queryable, mail: OutboxMail, by: ScreenUser, now: Date): Promise<void> {
  const { username: _, ...who } = by;
  await recordActivity(db, {
    ...who,
    at: now,
    kind: 'mail-previewed',
    subjectId: mail.accountId,
    details: { mail: Number(mail.id), kind: mail.kind, recipient: mail.recipient },
  });
}
