import { EMAIL_CALLS, type MailKind, type MailOutboxRow, type MailPreviewResponse, type MailState } from '@playrep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_IN_EVERY_LANGUAGE, latinWordsLeft } from '../../test/english-left';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { readInHindi } from '../../test/in-hindi';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';

/** The English left on a part of the screen shown in Hindi. */
const englishLeft = (root: Element) => latinWordsLeft(root, KEPT_IN_EVERY_LANGUAGE);
/** The whole app renders per test, on a machine other tests load too. */
const SLOW = 60_000;

readInHindi();

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function mail(id: number, state: MailState, kind: MailKind, lastAnswer: string | null): MailOutboxRow {
  return {
    _id: String(id),
    createdAt: '2026-03-02T04:30:00.000Z',
    state,
    stateLabel: state,
    kind,
    kindLabel: kind,
    recipient: `person${id}@example.com`,
    username: `person${id}`,
    subject: `Weekly statement ${id}`,
    week: null,
    attempts: state === 'sent' ? 1 : 0,
    lastAnswer,
    nextAttemptAt: null,
    sentAt: state === 'sent' ? '2026-03-02T05:00:00.000Z' : null,
  };
}

const ROWS = [
  mail(1, 'held', 'statement-agent', 'held: no mail server configured'),
  mail(2, 'held', 'password-reset', 'held: no mail server configured'),
  mail(3, 'failed', 'digest', '550 Mailbox unavailable'),
];

describe('the mail pages in Hindi', () => {
  it(
    'shows the Mail screen, a mail’s preview and the discard question in Hindi',
    async () => {
      reportServer({
        mailoutbox: () => ({
          data: ROWS,
          total: ROWS.length,
          page: 1,
          pageSize: 20,
          counts: { pending: 0, held: 2, sent: 0, failed: 1, cancelled: 0, expired: 0 },
        }),
        mailpreview: (query): MailPreviewResponse => ({
          mail: ROWS.find((row) => row._id === query.mailId)!,
          text: 'Open this link within 30 minutes (it works once):\n\nhttp://localhost:3000/auth/welcome#(hidden)',
          asSent: false,
          attachments: ['statement-2026-03-01.pdf'],
        }),
      });
      signInAs('superadmin');
      renderApp('/superadmin/admin/mail');
      const table = await screen.findByRole('table', { name: 'मेल' }, PAGE_LOAD);
      await within(table).findByText('person1@example.com');
      expect(screen.getByLabelText('स्थिति के अनुसार मेल').textContent).toContain('रोका गया: 2');
      expect(within(table).getByRole('button', { name: 'अभी फिर भेजें: मेल 3, person3@example.com को' })).toBeTruthy();
      expect(englishLeft(document.getElementById('main-content')!)).toEqual([]);

      const user = userEvent.setup({ delay: null });
      await user.click(within(table).getAllByRole('button', { name: /^मेल 1 देखें/ })[0]!);
      const preview = await screen.findByRole('dialog', { name: 'Weekly statement 1' });
      await within(preview).findByText('अभी भेजा नहीं गया: मेल का पाठ, जैसा अभी भेजा जाएगा।', {}, PAGE_LOAD);
      expect(within(preview).getByText(/^जिन लिंक में कोई गुप्त कुंजी है/)).toBeTruthy();
      expect(englishLeft(preview)).toEqual([]);
      await user.keyboard('{Escape}');

      await user.click(screen.getByRole('button', { name: 'रोके गए सब हटाएँ (2)' }));
      const question = await screen.findByRole('dialog', { name: 'रोके गए सब मेल हटाएँ' });
      expect(question.textContent).toContain('रोके गए सभी 2 मेल हटाएँ?');
      expect(englishLeft(question)).toEqual([]);
    },
    SLOW,
  );

  it(
    'shows the page of a confirmation link in Hindi, with the server’s answer as it comes',
    async () => {
      const answer = 'ईमेल पते की पुष्टि हो गई।';
      stubFetch((call) =>
        new URL(call.url, 'http://localhost').pathname === `/api${EMAIL_CALLS.confirmEmail.path}`
          ? jsonResponse(200, { message: answer, username: 'master1', email: 'mira@example.com' })
          : jsonResponse(404, { message: 'Not found' }),
      );
      renderApp('/auth/confirm-email');
      await screen.findByRole('heading', { level: 1, name: 'अपने ईमेल पते की पुष्टि करें' }, PAGE_LOAD);
      expect((await screen.findByRole('status')).textContent).toBe(answer);
      expect(screen.getByRole('link', { name: 'साइन-इन पेज पर जाएँ' })).toBeTruthy();
      expect(document.title).toBe('अपने ईमेल पते की पुष्टि करें | Playrep बैक ऑफ़िस');
      expect(englishLeft(document.body)).toEqual([]);
    },
    SLOW,
  );

  it(
    'asks in Hindi before stopping the daily digest',
    async () => {
      stubFetch(() => jsonResponse(404, { message: 'Not found' }));
      window.history.replaceState(null, '', '/mail/unsubscribe?account=master1&token=t&mail=digest');
      renderApp('/mail/unsubscribe?account=master1&token=t&mail=digest');
      await screen.findByRole('heading', { level: 1, name: 'रोज़ के सारांश के ईमेल' }, PAGE_LOAD);
      expect(screen.getByText(/^इस खाते का रोज़ का सारांश ईमेल करना बंद करें\?/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'ये ईमेल बंद करें' })).toBeTruthy();
      expect(englishLeft(document.body)).toEqual([]);
    },
    SLOW,
  );
});
