import type { Language, MailKind } from '@playrep/contracts';
import type { Queryable } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import type { IsoDay } from '../../lib/dates.js';
import { LINK_MAIL_KINDS } from './gate.js';

/**
 * The outbox (docs/domain.md, "Mail and statements"): every mail is first a row here, written in
 * the transaction of the fact that causes it, under a unique key, so that it is made once (a
 * transaction retried, or run twice, writes nothing more) and never lost (it commits or rolls back
 * with its fact). One sender delivers the rows (sender.ts), each only when the mail gate lets it
 * go (gate.ts): every kind of mail (the contracts' MAIL_KINDS) has its rule there.
 */

/**
 * A mail whose body is built when it is sent (money/statement-mail.ts): a weekly statement, from the closed
 * week's fixed figures, with its PDF, so that closing a week only writes the row.
 */
export type MailContent = {
  type: 'statement';
  statement: 'agent' | 'manager';
  accountId: string;
  weekStart: IsoDay;
  /** The recipient's language when the statement was queued (its subject's); English when absent. */
  language?: Language | undefined;
};

export interface MailToQueue {
  /** Unique for the fact: `statement:agent:<week>:<account id>`, `email-confirmation:<account id>:<hash>`. */
  key: string;
  kind: MailKind;
  /** The account the mail is for (null for none). */
  accountId: string | null;
  to: string;
  subject: string;
  /** The body, when known now; else `content` says what to build when it is sent. */
  text?: string;
  html?: string;
  content?: MailContent;
  /** The settlement week it is about, for the Mail screen. */
  weekStart?: IsoDay;
  /** The sign-in link the mail carries (the row's id): needed by a link mail, which goes only while its link can be used. */
  signInLinkId?: number;
}

/**
 * Queues a mail inside the caller's transaction (or as a statement of its own). A key queued
 * before is left as it was: returns false then, true when this call queued it.
 */
export async function queueMail(tx: Queryable, mail: MailToQueue, now: Date): Promise<boolean> {
  if (mail.text === undefined && mail.content === undefined) throw new Error(`queueMail ${mail.key}: a text or a content`);
  if (LINK_MAIL_KINDS.includes(mail.kind) && mail.signInLinkId === undefined) {
    throw new Error(`queueMail ${mail.key}: a ${mail.kind} mail names the sign-in link it carries`);
  }
  const inserted = await tx
    .insert(outbox)
    .values({
      key: mail.key,
      kind: mail.kind,
      accountId: mail.accountId,
      recipient: mail.to,
      subject: mail.subject,
      bodyText: mail.text ?? null,
      bodyHtml: mail.html ?? null,
      content: mail.content ?? null,
      weekStart: mail.weekStart ?? null,
      signInLinkId: mail.signInLinkId ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: outbox.key })
    .returning({ id: outbox.id });
  return inserted.length > 0;
}
