import { ENDPOINTS, MAIL_PAGES, type UnsubscribeMail } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { publicUrl } from '../../config/env.js';
import { turns } from '../../lib/turns.js';
import type { MailContent } from './outbox.js';
import { type MailSender, startMailSender } from './sender.js';
import { smtpTransport } from './transport.js';
import { unsubscribeKeyOf, unsubscribeQuery } from './unsubscribe.js';

/**
 * Mail (docs/domain.md, "Mail and statements"): the outbox every mail is written to (outbox.ts,
 * queueMail), the gate each mail passes at the moment of sending (gate.ts), its one sender
 * (sender.ts), an account's email address and its confirmation (email-address.ts), the statements'
 * one-click unsubscribe (unsubscribe.ts), the Mail screen's actions (mail-screen.ts), and the big-win
 * alerts made from the wins the feed brings (big-win-alerts/).
 */
export { startBigWinAlerts } from './big-win-alerts/schedule.js';
export { closeBarredMail } from './gate.js';
export { type MailContent, type MailToQueue, queueMail } from './outbox.js';
export { startOutboxRetention } from './retention.js';
export { HELD_ANSWER, type MailSender, RETRY_DELAYS_MS, type RenderedMail } from './sender.js';
export { STATEMENT_SUBJECTS } from './statement-mails.js';
export { BREAK, htmlOnly, type MailBody, type MailTemplate, renderMail, textOnly } from './template.js';
export { unsubscribeKeyOf } from './unsubscribe.js';
export { type MailWords, mailDay, mailLanguage } from './words.js';

/** The links a statement's body carries. */
export interface StatementLinks {
  /** Where people open the back office (PUBLIC_URL), for the link to the statement's screen. */
  publicUrl: string;
  /** The account's unsubscribe page (works without signing in). */
  unsubscribe: string;
}

/** A statement mail's body, and its PDF, built only when the mail is sent (a preview needs only its name). */
export interface StatementMail {
  text: string;
  html: string;
  pdf: { filename: string; build(): Promise<Buffer> };
}

/** Builds a statement mail (money/statement-mail.ts) from what the outbox row says it is about. */
export type StatementRenderer = (content: MailContent, links: StatementLinks) => Promise<StatementMail>;

/** The links of an account's statement: the screen's origin, and its unsubscribe page and call. */
export async function statementLinks(
  app: FastifyInstance,
  key: () => Promise<Buffer>,
  accountId: string,
): Promise<StatementLinks & { oneClick: string }> {
  return unsubscribeLinks(app, key, accountId, 'statement');
}

/**
 * The links that stop one mail of an account (the statement, the digest): the page a person opens
 * from the body (works without signing in) and the call a mail provider posts to (List-Unsubscribe).
 */
export async function unsubscribeLinks(
  app: FastifyInstance,
  key: () => Promise<Buffer>,
  accountId: string,
  mail: UnsubscribeMail,
): Promise<{ publicUrl: string; unsubscribe: string; oneClick: string }> {
  const origin = publicUrl(app.env);
  const query = unsubscribeQuery(await key(), accountId, mail);
  return {
    publicUrl: origin,
    unsubscribe: `${origin}${MAIL_PAGES.unsubscribe}?${query}`,
    oneClick: `${origin}/api${ENDPOINTS.unsubscribe.path}?${query}`,
  };
}

/** RFC 8058's two headers: the one-click call, and that it takes a POST of `List-Unsubscribe=One-Click`. */
const oneClickHeaders = (oneClick: string) => ({
  'List-Unsubscribe': `<${oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * The sender of this server: through SMTP_URL from MAIL_FROM, or holding every mail without a
 * mail server. Every statement and digest carries the one-click unsubscribe of RFC 8058: `List-Unsubscribe`
 * (the call a mail provider posts to) and `List-Unsubscribe-Post`, and the same link in its body.
 */
export function startOutboxSender(
  app: FastifyInstance,
  render: StatementRenderer,
  options: { pollMs?: number } = {},
): MailSender {
  const { env } = app;
  const unsubscribeKey = unsubscribeKeyOf(app.db);
  const pdfTurn = turns(PDFS_AT_ONCE);
  return startMailSender({
    db: app.db,
    clock: app.clock,
    log: app.log,
    transport: env.SMTP_URL ? smtpTransport(env.SMTP_URL) : null,
    from: env.MAIL_FROM ?? '',
    maxAgeDays: env.MAIL_MAX_AGE_DAYS,
    render: async (content) => {
      const links = await statementLinks(app, unsubscribeKey, content.accountId);
      const statement = await render(content, links);
      return {
        text: statement.text,
        html: statement.html,
        headers: oneClickHeaders(links.oneClick),
        attachments: [
          {
            filename: statement.pdf.filename,
            content: await pdfTurn(() => statement.pdf.build()),
            contentType: 'application/pdf',
          },
        ],
      };
    },
    // A digest's body was written when it was made; its one-click unsubscribe stops the digest alone.
    headersOf: async (mail) =>
      mail.kind === 'digest' && mail.accountId
        ? oneClickHeaders((await unsubscribeLinks(app, unsubscribeKey, mail.accountId, 'digest')).oneClick)
        : undefined,
    ...options,
  });
}

/**
 * PDFs of mails built at once: as many as the export workers kept warm between builds
 * (worker-pool.ts), so that a week's statements reuse them instead of starting a worker each.
 */
const PDFS_AT_ONCE = 2;
