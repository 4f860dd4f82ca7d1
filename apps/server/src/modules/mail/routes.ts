import { EMAIL_MESSAGES, MAIL_SCREEN_MESSAGES } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { publicUrl } from '../../config/env.js';
import { istDay, resolveDay, weekStartOf } from '../../lib/dates.js';
import { conflict, notFound } from '../../lib/http-error.js';
import type { EndpointHandlers, SignedInRequest } from '../../plugins/endpoints.js';
import { confirmEmail, emailState, setOwnEmail, setStatementEmails } from './email-address.js';
import { withSecretsHidden } from './hidden-secrets.js';
import { type StatementRenderer, statementLinks } from './index.js';
import { discardHeldMail, discardMail, recordPreview, type ScreenUser } from './mail-screen.js';
import { outboxRow } from './present.js';
import { countOutbox, findMail, listOutbox, outboxStateCounts, retryMail } from './queries.js';
import { HELD_ANSWER } from './sender.js';
import { unsubscribe, unsubscribeKeyOf } from './unsubscribe.js';

type EmailCall = 'emailState' | 'setEmail' | 'statementEmails' | 'confirmEmail';

/**
 * The caller's own email address and statement setting (the account page), and the confirmation
 * link's call (without a session: the link's secret is the proof).
 */
export function emailHandlers(app: FastifyInstance): EndpointHandlers<EmailCall> {
  return {
    emailState: async (request) => emailState(app.db, request.auth.accountId, app.clock.now()),

    setEmail: async (request) => {
      const auth = request.auth;
      const now = app.clock.now();
      const message = await setOwnEmail(app.db, {
        accountId: auth.accountId,
        username: auth.username,
        email: request.body.email,
        now,
        publicUrl: publicUrl(app.env),
        origin: { address: request.ip, userAgent: request.headers['user-agent'] },
      });
      return { message, ...(await emailState(app.db, auth.accountId, now)) };
    },

    statementEmails: async (request) => {
      const { accountId } = request.auth;
      await setStatementEmails(app.db, accountId, request.body.on, app.clock.now());
      const message = request.body.on ? EMAIL_MESSAGES.statementsOn : EMAIL_MESSAGES.statementsOff;
      return { message, ...(await emailState(app.db, accountId, app.clock.now())) };
    },

    confirmEmail: async (request) => {
      const origin = { address: request.ip, userAgent: request.headers['user-agent'] };
      const confirmed = await confirmEmail(app.db, request.body.token, app.clock.now(), origin);
      return { message: EMAIL_MESSAGES.confirmed(confirmed.email), ...confirmed };
    },
  };
}

/**
 * The one-click unsubscribe of the weekly statement and of the daily digest (RFC 8058), without a session: a mail provider posts
 * `List-Unsubscribe=One-Click` as a form (register it where forms are parsed), the web page nothing.
 */
export function unsubscribeHandlers(app: FastifyInstance): EndpointHandlers<'unsubscribe'> {
  const unsubscribeKey = unsubscribeKeyOf(app.db);
  return {
    unsubscribe: async (request) => {
      return unsubscribe(app.db, await unsubscribeKey(), request.query, app.clock.now());
    },
  };
}

/**
 * The Mail screen (superadmin): the outbox paged and sorted on the server, with its CSV and Excel
 * export; one mail's body (a statement not sent yet is built now, as `render` would send it, its
 * PDF only named), its links' secrets hidden, the opening recorded; retry now; discarding one
 * waiting mail or every held one.
 */
export function mailScreenHandlers(
  app: FastifyInstance,
  render: StatementRenderer,
): EndpointHandlers<'mailOutbox' | 'mailPreview' | 'mailRetry' | 'mailDiscard' | 'mailDiscardHeld'> {
  const unsubscribeKey = unsubscribeKeyOf(app.database.db);
  // The actions and the record of a preview write: on the primary, whatever replica the report reads go to.
  const primary = app.database.db;
  const userOf = (request: SignedInRequest): ScreenUser => ({
    actor: { accountId: request.auth.accountId },
    username: request.auth.username,
    address: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const mailOr404 = async (id: string, db = app.db) => {
    const mail = await findMail(db, id);
    if (!mail) throw notFound(MAIL_SCREEN_MESSAGES.noSuchMail);
    return mail;
  };
  return {
    mailOutbox: async (request) => {
      const { query } = request;
      const filters = {
        state: query.state,
        kind: query.kind || undefined,
        recipient: query.recipient || undefined,
        weekStart: query.week ? weekStartOf(resolveDay(query.week, istDay(app.clock.now()), 'week')) : undefined,
      };
      const order = { sort: query.sort, direction: query.order };
      return {
        // A download holds every mail the filters keep; the screen one page.
        download: async () => {
          const all = await listOutbox(app.db, filters, { ...order, offset: 0, limit: null });
          return { about: [], sheets: { mails: all.map(outboxRow) } };
        },
        json: async () => {
          const [mails, total, counts] = await Promise.all([
            listOutbox(app.db, filters, { ...order, offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
            countOutbox(app.db, filters),
            outboxStateCounts(app.db),
          ]);
          return { data: mails.map(outboxRow), total, page: query.page, pageSize: query.pageSize, counts };
        },
      };
    },

    mailPreview: async (request) => {
      const mail = await mailOr404(request.query.mailId);
      await recordPreview(primary, mail, userOf(request), app.clock.now());
      if (!mail.content) {
        return { mail: outboxRow(mail), text: withSecretsHidden(mail.bodyText ?? ''), asSent: true, attachments: [] };
      }
      // A statement: its body as sent, or as it would be sent now; its PDF is named, not built.
      const built = await render(mail.content, await statementLinks(app, unsubscribeKey, mail.content.accountId));
      return {
        mail: outboxRow(mail),
        text: withSecretsHidden(mail.bodyText ?? built.text),
        asSent: mail.bodyText !== null,
        attachments: [built.pdf.filename],
      };
    },

    mailRetry: async (request) => {
      const { mailId } = request.query;
      // Without a mail server a retried mail stays (or becomes) held, and the answer says so.
      const held = app.env.SMTP_URL ? null : { answer: HELD_ANSWER };
      const before = await retryMail(primary, mailId, app.clock.now(), held);
      if (before === null) throw notFound(MAIL_SCREEN_MESSAGES.noSuchMail);
      if (before === 'sent') throw conflict(MAIL_SCREEN_MESSAGES.alreadySent);
      if (before === 'cancelled' || before === 'expired') throw conflict(MAIL_SCREEN_MESSAGES.closed);
      const message = held ? MAIL_SCREEN_MESSAGES.retryingHeld : MAIL_SCREEN_MESSAGES.retrying;
      return { message, mail: outboxRow(await mailOr404(mailId, primary)) };
    },

    mailDiscard: async (request) => {
      const { mailId } = request.query;
      await discardMail(primary, mailId, userOf(request), app.clock.now());
      return { message: MAIL_SCREEN_MESSAGES.discarded, mail: outboxRow(await mailOr404(mailId, primary)) };
    },

    mailDiscardHeld: async (request) => {
      const discarded = await discardHeldMail(primary, userOf(request), app.clock.now());
      return { message: MAIL_SCREEN_MESSAGES.discardedHeld(discarded), discarded };
    },
  };
}
