import type { Db } from '../../../db/client.js';
import { queueMail } from '../outbox.js';
import { alertMail } from './alert-mail.js';
import { handOutBigWins } from './hand-out.js';
import { dropUnsendableWins, dueAlerts, markAlerted } from './waiting-wins.js';

export interface AlertPass {
  /** Wins handed to people (one win counts once per person). */
  handedOut: number;
  /** Alert mails queued. */
  queued: number;
}

/**
 * One pass of the big-win alerts, in one transaction: the new wins handed to the people above
 * their members, the waiting wins that will never go dropped, then one mail for each person whose
 * alert is due (its last one 15 minutes ago or more) with all its waiting wins, queued in the
 * outbox under a key of its own (the person and its first win: made once), its wins cleared and
 * its 15 minutes started. The sender then asks the mail gate before it goes (gate.ts).
 */
export async function makeBigWinAlerts(db: Db, options: { now: Date; publicUrl: string }): Promise<AlertPass> {
  const { now, publicUrl } = options;
  return db.transaction(async (tx) => {
    const handedOut = await handOutBigWins(tx, now);
    await dropUnsendableWins(tx);
    const due = await dueAlerts(tx, now);
    for (const alert of due) {
      const mail = alertMail(alert, publicUrl);
      const firstWin = Math.min(...alert.wins.map((win) => win.newsId));
      await queueMail(
        tx,
        {
          key: `big-win-alert:${alert.accountId}:${firstWin}`,
          kind: 'big-win-alert',
          accountId: alert.accountId,
          to: alert.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        },
        now,
      );
    }
    await markAlerted(tx, due, now);
    return { handedOut, queued: due.length };
  });
}
