import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { composeMessage } from './mime-message.js';

const NOW = new Date('2026-11-23T04:05:06.000Z');
const PDF = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7919) % 256));

describe('composeMessage', () => {
  it('writes a statement: text and HTML beside each other, the PDF attached, the unsubscribe headers', async () => {
    const text = 'Agent Mail of master1\nWeek: 16-11-2026 to 22-11-2026\nProfit: -1,23,456.50\n';
    const html = '<p>Agent Mail of <b>master1</b></p>\n<p>Profit: -1,23,456.50</p>';
    const { envelope, raw } = composeMessage(
      {
        from: 'Playrep <statements@example.com>',
        to: 'master1@example.com',
        subject: 'Agent Mail of master1: 16-11-2026 to 22-11-2026',
        text,
        html,
        headers: {
          'List-Unsubscribe': '<https://playrep.example/api/playrep/unsubscribe?account=1&key=abc>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        attachments: [{ filename: 'agent-mail-master1-2026-11-16.pdf', content: PDF, contentType: 'application/pdf' }],
      },
      NOW,
    );
    expect(envelope).toEqual({ from: 'statements@example.com', to: ['master1@example.com'] });

    const mail = await simpleParser(raw);
    expect(mail.from?.value).toEqual([{ name: 'Playrep', address: 'statements@example.com' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : []).toEqual([{ name: '', address: 'master1@example.com' }]);
    expect(mail.subject).toBe('Agent Mail of master1: 16-11-2026 to 22-11-2026');
    expect(mail.date?.toISOString()).toBe(NOW.toISOString());
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
    expect(mail.text).toBe(text);
    expect(mail.html).toBe(html);
    const line = (name: string) => mail.headerLines.find((h) => h.key === name)?.line;
    expect(line('list-unsubscribe')).toBe(
      'List-Unsubscribe: <https://playrep.example/api/playrep/unsubscribe?account=1&key=abc>',
    );
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf?.filename).toBe('agent-mail-master1-2026-11-16.pdf');
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.contentDisposition).toBe('attachment');
    expect(Buffer.compare(pdf!.content, PDF)).toBe(0);
  });

  it('encodes names and subjects beyond ASCII, and keeps every line short and ended by CRLF', async () => {
    const long = `${'Ünïcode ₹ line, '.repeat(150)}end`;
    const { envelope, raw } = composeMessage(
      {
        from: 'Plàyrep Statements <statements@example.com>',
        to: 'Ānanda Rao <ananda@example.com>',
        subject: 'Manager Mail of am1 (Ānanda Rao) — ₹ statement',
        text: long,
      },
      NOW,
    );
    expect(envelope).toEqual({ from: 'statements@example.com', to: ['ananda@example.com'] });
    const source = raw.toString('utf8');
    expect(/^[\x20-\x7e\r\n\t]*$/.test(source)).toBe(true);
    const lines = source.split('\r\n');
    expect(lines.every((line) => !line.includes('\n') && !line.includes('\r'))).toBe(true);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(78);

    const mail = await simpleParser(raw);
    expect(mail.from?.value).toEqual([{ name: 'Plàyrep Statements', address: 'statements@example.com' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : []).toEqual([
      { name: 'Ānanda Rao', address: 'ananda@example.com' },
    ]);
    expect(mail.subject).toBe('Manager Mail of am1 (Ānanda Rao) — ₹ statement');
    expect(mail.text).toBe(long);
    expect(mail.html).toBe(false);
    expect(mail.attachments).toEqual([]);
  });

  it('quotes a display name with punctuation, and refuses a sender that is no address', async () => {
    const { raw } = composeMessage({
      from: '"Playrep, Statements" <s@example.com>',
      to: 'x@example.com',
      subject: 's',
      text: 't',
    });
    expect((await simpleParser(raw)).from?.value).toEqual([{ name: 'Playrep, Statements', address: 's@example.com' }]);
    expect(() => composeMessage({ from: 'Playrep', to: 'x@example.com', subject: 's', text: 't' })).toThrow(
      'MAIL_FROM is not an email address: Playrep',
    );
  });
});
