import {
  ENDPOINTS,
  formatCount,
  formatPoints,
  formatWhole,
  fullName,
  LABELS_HI,
  type Language,
  screenOf,
  statementHeading,
  statementLines,
} from '@playrep/contracts';
import type { Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { type IsoDay, istDay } from '../../lib/dates.js';
import { requireAccount } from '../accounts/repository.js';
import { downloadFile } from '../export/download.js';
import { buildPdf } from '../export/table-export.js';
import {
  BREAK,
  htmlOnly,
  type MailContent,
  type MailTemplate,
  type MailWords,
  mailDay,
  mailLanguage,
  renderMail,
  STATEMENT_SUBJECTS,
  type StatementLinks,
  type StatementMail,
  textOnly,
} from '../mail/index.js';
import { STATEMENT_PDF_LABELS, type StatementPdfLabels, statementLineValue } from './statement-pdf-labels.js';
import { agentMailDocument, managerMailDocument } from './statements.js';

/**
 * The weekly statement mail (docs/domain.md, "Mail and statements"), built when it is sent: the
 * Agent Mail or Manager Mail statement of the closed week, read as the screen reads it (its fixed
 * figures), as a short text and HTML body with the statement's lines, a link to the screen and
 * the unsubscribe link, and the statement's PDF (built in an export worker when it is attached).
 * Its words and its PDF's are in the language the row was queued in (its subject's).
 */
export function statementMailRenderer(db: Queryable, clock: Clock) {
  return async (content: MailContent, links: StatementLinks): Promise<StatementMail> => {
    const account = await requireAccount(db, content.accountId);
    const language = mailLanguage(content.language);
    const words = STATEMENT_MAIL_WORDS[language];
    const of = { subject: account, weekStart: content.weekStart, today: istDay(clock.now()), language };
    const screen = screenOf(content.statement === 'agent' ? 'agentMail' : 'managerMail');
    const { document, lines } =
      content.statement === 'agent'
        ? await agentMailDocument(db, of).then((d) => ({ document: d, lines: agentLines(d, words) }))
        : await managerMailDocument(db, of).then((d) => ({ document: d, lines: managerLines(d, words) }));
    const { fromDate, toDate, open } = document.response;
    // The file the screen's PDF link downloads.
    const file = downloadFile(ENDPOINTS[content.statement === 'agent' ? 'agentMail' : 'managerMail'].exports, document.download);
    const screenLink = `${links.publicUrl}/${account.role}/${screen.path}?${new URLSearchParams({ fromDate, toDate })}`;
    const name = fullName(account.firstName, account.lastName);
    const title = words.title(content.statement, `${account.username}${name ? ` (${name})` : ''}`);
    const week = words.week(fromDate, toDate, open);
    const { text, html } = renderMail(
      statementTemplate({ content, title, week, lines, screenLink, unsubscribe: links.unsubscribe, language }),
    );
    return {
      text,
      html,
      pdf: { filename: `${file.name}.pdf`, build: () => buildPdf(document.download.pdf, file.tables) },
    };
  };
}

interface Line {
  label: string;
  value: string;
  bold?: boolean | undefined;
}

/**
 * The statement mail's words, per language: the subject (mail/statement-mails.ts, written when the
 * statement is queued), the body's, and its lines' (those of its PDF).
 */
export const STATEMENT_MAIL_WORDS: MailWords<{
  subject: Record<'agent' | 'manager', (weekStart: IsoDay) => string>;
  title(statement: 'agent' | 'manager', who: string): string;
  week(fromDate: string, toDate: string, open: boolean): string;
  /** The statement's lines are worded as in its PDF. */
  lines: StatementPdfLabels;
  membersWhoPlayed: string;
  pointsUsed: string;
  totalOf(rows: number): string;
  noData: string;
  attached: string;
  openStatement: string;
  attachedEnd: string;
  everyWeek: string;
  textStop: string;
  stop: string;
  textOrAccountPage: string;
  htmlOrAccountPage: string;
}> = {
  en: {
    subject: STATEMENT_SUBJECTS.en,
    title: (statement, who) => `${screenOf(statement === 'agent' ? 'agentMail' : 'managerMail').label} of ${who}`,
    week: (fromDate, toDate, open) => `${statementHeading(fromDate, toDate)}${open ? ' (open week, figures not final)' : ''}`,
    lines: STATEMENT_PDF_LABELS.en,
    membersWhoPlayed: 'Members who played',
    pointsUsed: 'Points Used By The Members',
    totalOf: (rows) => `Total of ${formatCount(rows, 'row')}`,
    noData: 'No data available',
    attached: 'The whole statement is attached as a PDF, and on the screen:',
    openStatement: 'open the statement',
    attachedEnd: '.',
    everyWeek: 'You receive this statement every week. ',
    textStop: 'To stop it (no sign-in needed), open:\n',
    stop: 'Stop these emails',
    textOrAccountPage: '\nor turn it off on your account page.',
    htmlOrAccountPage: ' (no sign-in needed), or turn them off on your account page.',
  },
  hi: {
    subject: STATEMENT_SUBJECTS.hi,
    // The screen's name as the Hindi menu names it.
    title: (statement, who) => `${who} का ${LABELS_HI[screenOf(statement === 'agent' ? 'agentMail' : 'managerMail').label]}`,
    week: (fromDate, toDate, open) =>
      `${mailDay('hi', fromDate)} से ${mailDay('hi', toDate)} तक${open ? ' (खुला सप्ताह, आंकड़े अंतिम नहीं)' : ''}`,
    lines: STATEMENT_PDF_LABELS.hi,
    membersWhoPlayed: 'खेलने वाले सदस्य',
    pointsUsed: 'सदस्यों द्वारा उपयोग किए गए पॉइंट',
    totalOf: (rows) => `${formatWhole(rows)} ${rows === 1 ? 'पंक्ति' : 'पंक्तियों'} का योग`,
    noData: 'कोई डेटा उपलब्ध नहीं',
    attached: 'पूरा स्टेटमेंट PDF के रूप में संलग्न है, और स्क्रीन पर भी:',
    openStatement: 'स्टेटमेंट खोलें',
    attachedEnd: '।',
    everyWeek: 'यह स्टेटमेंट आपको हर सप्ताह मिलता है। ',
    textStop: 'इसे बंद करने के लिए (साइन इन की ज़रूरत नहीं), यह खोलें:\n',
    stop: 'ये ईमेल बंद करें',
    textOrAccountPage: '\nया अपने खाते के पेज पर इसे बंद करें।',
    htmlOrAccountPage: ' (साइन इन की ज़रूरत नहीं), या अपने खाते के पेज पर इन्हें बंद करें।',
  },
};

type Words = (typeof STATEMENT_MAIL_WORDS)[Language];

function agentLines(document: Awaited<ReturnType<typeof agentMailDocument>>, words: Words): Line[] {
  const { response } = document;
  return [
    ...statementLines(response.statement).map((line) => ({
      label: words.lines.lineLabels?.[line.label] ?? line.label,
      value: statementLineValue(line, response.statement, words.lines),
      bold: line.result,
    })),
    { label: words.membersWhoPlayed, value: String(response.data.length) },
    { label: words.pointsUsed, value: formatPoints(response.totals.totalProfit) },
  ];
}

function managerLines(document: Awaited<ReturnType<typeof managerMailDocument>>, words: Words): Line[] {
  const { response } = document;
  return [
    ...response.data.map((row) => ({
      label: `${row.username}${row.name ? ` (${row.name})` : ''}`,
      value: formatPoints(row.profit),
    })),
    {
      label: response.data.length > 0 ? words.totalOf(response.data.length) : words.noData,
      value: formatPoints(response.totalProfit),
      bold: true,
    },
  ];
}

/**
 * The statement's template, in the statement's language. The two parts word the unsubscribe
 * sentence each its own way (text: the bare address on its line; HTML: a link named "Stop these emails").
 */
export const statementTemplate: MailTemplate<{
  content: MailContent;
  title: string;
  week: string;
  lines: readonly Line[];
  screenLink: string;
  unsubscribe: string;
  language?: Language;
}> = ({ content, title, week, lines, screenLink, unsubscribe, language = 'en' }) => {
  const words = STATEMENT_MAIL_WORDS[language];
  return {
    subject: words.subject[content.statement](content.weekStart),
    blocks: [
      { title, subtitle: week },
      { table: lines },
      { paragraph: [words.attached, BREAK, { link: screenLink, label: words.openStatement }, htmlOnly(words.attachedEnd)] },
      {
        paragraph: [
          words.everyWeek,
          textOnly(words.textStop),
          { link: unsubscribe, label: words.stop },
          textOnly(words.textOrAccountPage),
          htmlOnly(words.htmlOrAccountPage),
        ],
        small: true,
      },
    ],
  };
};
