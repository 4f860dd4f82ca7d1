import type { MailKind } from '@playrep/contracts';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../lib/html.js';
import { resetTemplate } from '../identity/doors/forgot.js';
import { statementTemplate } from '../money/statement-mail.js';
import { alertTemplate } from './big-win-alerts/alert-mail.js';
import { digestTemplate } from './digest/render.js';
import { confirmationTemplate } from './email-address.js';
import { type Block, type Inline, type MailDocument, renderMail } from './template.js';

const ORIGIN = 'https://bo.example.com';
const UNSUBSCRIBE = `${ORIGIN}/mail/unsubscribe?account=a1&token=t<&>`;

/** One document of every kind of mail the back office sends, from its one template and sample facts. */
const DOCUMENTS: Record<MailKind, () => MailDocument> = {
  'statement-agent': () =>
    statementTemplate({
      content: { type: 'statement', statement: 'agent', accountId: 'a1', weekStart: '2025-03-10' },
      title: 'Agent Mail of master1 (Ravi & Sons)',
      week: '10 Mar 2025 to 16 Mar 2025',
      lines: [
        { label: 'Points Played', value: '1,200.00' },
        { label: 'Result', value: '-300.00', bold: true },
      ],
      screenLink: `${ORIGIN}/master/reports/agentmail?fromDate=2025-03-10&toDate=2025-03-16`,
      unsubscribe: UNSUBSCRIBE,
    }),
  'statement-manager': () =>
    statementTemplate({
      content: { type: 'statement', statement: 'manager', accountId: 'a2', weekStart: '2025-03-10' },
      title: 'Manager Mail of am1',
      week: '10 Mar 2025 to 16 Mar 2025 (open week, figures not final)',
      lines: [{ label: 'No data available', value: '0.00', bold: true }],
      screenLink: `${ORIGIN}/areamanager/reports/managermail?fromDate=2025-03-10&toDate=2025-03-16`,
      unsubscribe: UNSUBSCRIBE,
    }),
  'email-confirmation': () => confirmationTemplate({ username: 'master1', link: `${ORIGIN}/mail/confirm#secret` }),
  'password-reset': () => resetTemplate({ username: 'o"brien', link: `${ORIGIN}/auth/welcome#secret` }),
  'big-win-alert': () =>
    alertTemplate({
      alert: {
        accountId: 'a1',
        username: 'am1',
        role: 'areamanager',
        email: 'am1@example.com',
        thresholdCents: 1_000_000n,
        wins: [1, 2].map((n) => ({
          newsId: n,
          playedAt: new Date('2025-03-12T06:30:00Z'),
          member: `player${n}`,
          memberName: n === 1 ? 'Asha <A>' : '',
          agent: 'master1',
          cafe: 'Cafe One',
          game: 'Fun Target',
          drawAt: n === 1 ? new Date('2025-03-12T06:35:00Z') : null,
          stakeCents: 120_000n,
          winCents: BigInt(5_000_000 - n),
        })),
      },
      publicUrl: ORIGIN,
    }),
  digest: () =>
    digestTemplate({
      digest: {
        day: '2025-03-12',
        lastWeekDay: '2025-03-05',
        figures: {
          day: { profitCents: 120_000n, stakeCents: 900_000n, plays: 42, activeMembers: 7 },
          lastWeek: { profitCents: -5_000n, stakeCents: 300_000n, plays: 12, activeMembers: 3 },
        },
        thresholdCents: 1_000_000n,
        bigWins: [
          {
            playedAt: '2025-03-12T06:30:00Z',
            memberId: 'm1',
            member: 'player1',
            cafe: 'Cafe One',
            cafeMaster: 'master1',
            game: 'Fun Target',
            gameCode: 'FT',
            drawAt: null,
            stakeCents: 10_000n,
            winCents: 2_000_000n,
          },
        ],
        losingCafes: [],
        idleMasters: { rows: [{ id: 'x', username: 'master2', firstName: '', lastName: '', address: '' }], count: 1 },
        waitingTransfers: { count: 0, amountCents: 0n },
        openLoans: { count: 2, outstandingCents: 50_000n },
      },
      account: { username: 'am1', role: 'areamanager' },
      links: { publicUrl: ORIGIN, unsubscribe: UNSUBSCRIBE },
    }),
};

/** The words and links a document says in both parts (what it says in one part only is left out). */
function factsOf(blocks: readonly Block[]): { words: string[]; links: string[] } {
  const words: string[] = [];
  const links: string[] = [];
  const inline = (part: Inline) => {
    if (typeof part === 'string') words.push(part.trim());
    else if ('link' in part) links.push(part.link);
  };
  for (const block of blocks) {
    if ('paragraph' in block) block.paragraph.forEach(inline);
    else if ('title' in block) words.push(block.title, block.subtitle);
    else if ('table' in block) for (const row of block.table) words.push(row.label, row.value);
    else if ('entries' in block) {
      for (const entry of block.entries) {
        words.push(entry.heading, ...entry.details);
        links.push(entry.link.link);
      }
    } else {
      words.push(block.section);
      if (block.lines.length === 0) words.push(block.none);
      for (const line of block.lines) {
        words.push(line.text);
        links.push(line.link);
      }
    }
  }
  return { words: words.filter((word) => word !== ''), links };
}

describe('mail templates', () => {
  it.each(Object.keys(DOCUMENTS) as MailKind[])(
    '%s: the text and the HTML part come from one template and carry the same facts and links',
    (kind) => {
      const document = DOCUMENTS[kind]();
      const mail = renderMail(document);
      expect(mail.subject).toBe(document.subject);
      const { words, links } = factsOf(document.blocks);
      expect(words.length).toBeGreaterThan(2);
      expect(links.length).toBeGreaterThan(0);
      for (const word of words) {
        expect(mail.text).toContain(word);
        expect(mail.html).toContain(escapeHtml(word));
      }
      for (const link of links) {
        expect(mail.text).toContain(link);
        expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
      }
      // The HTML part says nothing unescaped: every tag is the template's own.
      expect(mail.html).not.toMatch(/<[^/a-z]/);
      expect(mail.text).not.toMatch(/<\/?[a-z]+[ >]/);
    },
  );
});
