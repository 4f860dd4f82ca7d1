import { LANGUAGES, type Language, MAIL_KINDS, type MailKind } from '@playrep/contracts';
import { describe, expect, it } from 'vitest';
import { RESET_WORDS, resetTemplate } from '../identity/doors/forgot.js';
import { STATEMENT_MAIL_WORDS, statementTemplate } from '../money/statement-mail.js';
import { ALERT_WORDS, alertTemplate } from './big-win-alerts/alert-mail.js';
import { DIGEST_WORDS, digestTemplate } from './digest/render.js';
import { CONFIRMATION_WORDS, confirmationTemplate } from './email-address.js';
import { type MailDocument, renderMail } from './template.js';
import type { MailWords } from './words.js';

/**
 * Every kind of mail has its words in every language (docs/decisions/0021-languages.md, "Mail in
 * the recipient's language"): its table has the English words in each, and its one template,
 * given Hindi, writes a Hindi mail in which no English word is left but the facts (usernames, cafe
 * and game names, links) and what stays as it is in every language (Playrep, PDF, the time's am/pm).
 */
const ORIGIN = 'https://bo.example.com';

const WORDS: Record<MailKind, MailWords<object>> = {
  'statement-agent': STATEMENT_MAIL_WORDS,
  'statement-manager': STATEMENT_MAIL_WORDS,
  'email-confirmation': CONFIRMATION_WORDS,
  'password-reset': RESET_WORDS,
  'big-win-alert': ALERT_WORDS,
  digest: DIGEST_WORDS,
};

const statement = (which: 'agent' | 'manager', language: Language) =>
  statementTemplate({
    content: { type: 'statement', statement: which, accountId: 'a1', weekStart: '2025-03-10', language },
    title: STATEMENT_MAIL_WORDS[language].title(which, 'master1'),
    week: STATEMENT_MAIL_WORDS[language].week('2025-03-10', '2025-03-16', true),
    lines: [
      { label: STATEMENT_MAIL_WORDS[language].membersWhoPlayed, value: '3' },
      { label: STATEMENT_MAIL_WORDS[language].totalOf(2), value: '1,200.00', bold: true },
    ],
    screenLink: `${ORIGIN}/master/mailreports/agentmaildetails?fromDate=2025-03-10&toDate=2025-03-16`,
    unsubscribe: `${ORIGIN}/mail/unsubscribe?account=a1&token=t`,
    language,
  });

const win = (n: number) => ({
  newsId: n,
  playedAt: new Date('2025-03-12T06:30:00Z'),
  member: `player${n}`,
  memberName: '',
  agent: 'master1',
  cafe: 'Sagar',
  game: 'Fun Target',
  drawAt: n === 1 ? new Date('2025-03-12T06:35:00Z') : null,
  stakeCents: 120_000n,
  winCents: BigInt(5_000_000 - n),
});

/** A document of every kind, in `language`, from sample facts that fill every sentence of it. */
const DOCUMENTS: Record<MailKind, (language: Language) => MailDocument> = {
  'statement-agent': (language) => statement('agent', language),
  'statement-manager': (language) => statement('manager', language),
  'email-confirmation': (language) => confirmationTemplate({ username: 'master1', link: `${ORIGIN}/mail/confirm#s`, language }),
  'password-reset': (language) => resetTemplate({ username: 'master1', link: `${ORIGIN}/auth/welcome#s`, language }),
  'big-win-alert': (language) =>
    alertTemplate({
      alert: {
        accountId: 'a1',
        username: 'am1',
        role: 'areamanager',
        email: 'am1@example.com',
        language,
        thresholdCents: 1_000_000n,
        wins: Array.from({ length: 22 }, (_, i) => win(i + 1)),
      },
      publicUrl: ORIGIN,
    }),
  digest: (language) =>
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
            cafe: 'Sagar',
            cafeMaster: 'master1',
            game: 'Fun Target',
            gameCode: 'FT',
            drawAt: null,
            stakeCents: 10_000n,
            winCents: 2_000_000n,
          },
        ],
        losingCafes: [
          {
            cafeId: 'c1',
            cafe: 'Sagar',
            masterId: 'm1',
            master: 'master1',
            stakeCents: 90_000n,
            profitCents: -30_000n,
            plays: 9,
          },
        ],
        idleMasters: { rows: [{ id: 'm2', username: 'master2', firstName: '', lastName: '', address: '' }], count: 1 },
        waitingTransfers: { count: 2, amountCents: 50_000n },
        openLoans: { count: 1, outstandingCents: 70_000n },
      },
      account: { username: 'am1', role: 'areamanager', language },
      links: { publicUrl: ORIGIN, unsubscribe: `${ORIGIN}/mail/unsubscribe?account=a1&token=t` },
    }),
};

/** The shape of a words table entry: its keys, nested, and what each is (words, or a function giving them). */
function shape(words: object): unknown {
  return Object.fromEntries(
    Object.entries(words)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => [key, value !== null && typeof value === 'object' ? shape(value) : typeof value]),
  );
}

/** What the facts and every language keep as they are. */
const KEPT = new Set(['master1', 'master2', 'am1', 'player1', 'Sagar', 'Fun', 'Target', 'Playrep', 'PDF', 'am', 'pm']);
const DEVANAGARI = /[\u0900-\u097F]/;

function englishLeft(mail: { subject: string; text: string; html: string }): string[] {
  const words = [mail.subject, mail.text, mail.html.replace(/<[^>]+>/g, ' ')]
    .join(' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/&[a-z]+;/g, ' ')
    .match(/[A-Za-z][A-Za-z0-9]*/g);
  return (words ?? []).filter((word) => !KEPT.has(word) && !/^player\d+$/.test(word));
}

describe('the mails’ words in every language', () => {
  it.each(MAIL_KINDS)('%s: its table has every English word in every language', (kind) => {
    const table = WORDS[kind];
    expect(Object.keys(table).sort()).toEqual([...LANGUAGES].sort());
    // (A statement's lines take the PDF's words, whose Hindi also names the PDF's column headers.)
    for (const language of LANGUAGES) expect(shape(table[language]), language).toMatchObject(shape(table.en) as object);
  });

  it.each(MAIL_KINDS)('%s: its template writes Hindi with no English word left but the facts', (kind) => {
    const english = renderMail(DOCUMENTS[kind]('en'));
    const hindi = renderMail(DOCUMENTS[kind]('hi'));
    expect(hindi.subject).toMatch(DEVANAGARI);
    expect(englishLeft(hindi)).toEqual([]);
    // The same facts and links in both: every link of the English mail is in the Hindi one.
    const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links(hindi.html)).toEqual(links(english.html));
    expect(englishLeft(english).length).toBeGreaterThan(0);
  });
});
