import {
  MAIL_KIND_LABELS,
  MAIL_SCREEN_MESSAGES,
  MAIL_STATE_LABELS,
  type MailKind,
  type MailOutboxRow,
  type MailPreviewResponse,
  type MailState,
} from '@playrep/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { cellTexts } from '../../test/table-text';

const HELD = 'held: no mail server configured';

function mail(id: number, state: MailState, lastAnswer: string | null, kind: MailKind = 'statement-agent'): MailOutboxRow {
  return {
    _id: String(id),
    createdAt: '2026-03-02T04:30:00.000Z',
    state,
    stateLabel: MAIL_STATE_LABELS[state],
    kind,
    kindLabel: MAIL_KIND_LABELS[kind],
    recipient: `person${id}@example.com`,
    username: `person${id}`,
    subject: `Mail ${id}`,
    week: null,
    attempts: state === 'sent' ? 1 : 0,
    lastAnswer,
    nextAttemptAt: null,
    sentAt: state === 'sent' ? '2026-03-02T05:00:00.000Z' : null,
  };
}

/** An outbox of one mail in each state but pending, and the Mail screen's calls answered as the server does without a mail server. */
function mailServer() {
  const rows = [
    mail(1, 'held', HELD),
    mail(2, 'held', HELD, 'password-reset'),
    mail(3, 'sent', '250 2.0.0 Ok: queued'),
    mail(4, 'failed', '550 Mailbox unavailable'),
    mail(5, 'cancelled', 'cancelled: statements turned off'),
    mail(6, 'expired', 'expired: not sent within 7 days'),
  ];
  const counts = () => {
    const byState: Record<MailState, number> = { pending: 0, held: 0, sent: 0, failed: 0, cancelled: 0, expired: 0 };
    for (const row of rows) byState[row.state] += 1;
    return byState;
  };
  const close = (row: MailOutboxRow) =>
    Object.assign(row, { state: 'cancelled', stateLabel: 'Cancelled', lastAnswer: 'cancelled: discarded by superadmin' });
  return reportServer({
    mailoutbox: () => ({ data: rows, total: rows.length, page: 1, pageSize: 20, counts: counts() }),
    mailretry: (query) => ({ message: MAIL_SCREEN_MESSAGES.retryingHeld, mail: rows.find((r) => r._id === query.mailId)! }),
    maildiscard: (query) => ({ message: MAIL_SCREEN_MESSAGES.discarded, mail: close(rows.find((r) => r._id === query.mailId)!) }),
    maildiscardheld: () => {
      const held = rows.filter((r) => r.state === 'held');
      held.forEach(close);
      return { message: MAIL_SCREEN_MESSAGES.discardedHeld(held.length), discarded: held.length };
    },
    mailpreview: (query): MailPreviewResponse => ({
      mail: rows.find((r) => r._id === query.mailId)!,
      text: 'Open this link within 30 minutes (it works once):\n\nhttp://localhost:3000/auth/welcome#(hidden)',
      asSent: true,
      attachments: [],
    }),
  });
}

async function openMail() {
  signInAs('superadmin');
  renderApp('/superadmin/admin/mail');
  const table = await screen.findByRole('table', { name: 'Mail' }, PAGE_LOAD);
  await within(table).findByText('person1@example.com');
  return table;
}

const rowOf = (table: HTMLElement, id: number) =>
  within(table)
    .getAllByRole('row')
    .find((row) =>
      within(row)
        .queryAllByRole('cell')
        .some((cell) => cell.textContent === `person${id}@example.com`),
    )!;

describe('Mail', () => {
  it('shows every state with its reason, Retry now for mail that may still go and Discard for waiting mail', async () => {
    mailServer();
    const table = await openMail();
    expect(screen.getByLabelText('Mails by state').textContent).toBe(
      'Pending: 0 · Held: 2 · Sent: 1 · Failed: 1 · Cancelled: 1 · Expired: 1',
    );
    const actions = (id: number) =>
      within(rowOf(table, id))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect([1, 2, 3, 4, 5, 6].map(actions)).toEqual([
      ['Preview', 'Retry now', 'Discard'],
      ['Preview', 'Retry now', 'Discard'],
      ['Preview'],
      ['Preview', 'Retry now'],
      ['Preview'],
      ['Preview'],
    ]);
    expect(cellTexts(rowOf(table, 5))).toContain('cancelled: statements turned off');
    expect(cellTexts(rowOf(table, 5))).toContain('Cancelled');
    expect(cellTexts(rowOf(table, 6))).toContain('expired: not sent within 7 days');
  });

  it('says a mail retried without a mail server stays held, and discards one at once', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mailServer();
    const table = await openMail();
    await user.click(within(table).getByRole('button', { name: 'Retry now: mail 1 to person1@example.com' }));
    expect((await screen.findByRole('status')).textContent).toBe(MAIL_SCREEN_MESSAGES.retryingHeld);

    await user.click(within(table).getByRole('button', { name: 'Discard mail 1 to person1@example.com' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MAIL_SCREEN_MESSAGES.discarded));
    expect(callsTo(calls, 'maildiscard')).toEqual([{ mailId: '1' }]);
    await waitFor(() => expect(within(rowOf(table, 1)).queryByRole('button', { name: /Discard/ })).toBeNull());
  });

  it('discards every held mail only once confirmed, then says how many', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mailServer();
    await openMail();
    await user.click(screen.getByRole('button', { name: 'Discard all held (2)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Discard all held mail' });
    expect(dialog.textContent).toContain('Discard all 2 held mails? They are never sent, even once a mail server is configured.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'maildiscardheld')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Discard all held (2)' }));
    dialog = await screen.findByRole('dialog', { name: 'Discard all held mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard all held' }));
    expect((await screen.findByRole('status')).textContent).toBe('2 held mails discarded: they will not be sent.');
    expect(callsTo(calls, 'maildiscardheld')).toEqual([{}]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Discard all held/ })).toBeNull());
  });

  it('asks the server at every opening of a preview (each is recorded there), and says its secrets are hidden', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mailServer();
    const table = await openMail();
    for (const round of [1, 2]) {
      await user.click(within(table).getByRole('button', { name: 'Preview mail 2: Mail 2' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mail 2' });
      await within(dialog).findByText(/auth\/welcome#\(hidden\)/);
      expect(dialog.textContent).toContain(
        'Links that carry a secret show it as (hidden): this preview cannot be used to open them.',
      );
      expect(callsTo(calls, 'mailpreview')).toHaveLength(round);
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });
});
