import { ENDPOINTS, formatCount, formatPoints, fullName, screenOf, statementHeading, statementLines } from '@playrep/contracts';
import type { Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { istDay } from '../../lib/dates.js';
import { requireAccount } from '../accounts/repository.js';
import { downloadFile } from '../export/download.js';
import { buildPdf } from '../export/table-export.js';
import {
  BREAK,
  htmlOnly,
  type MailContent,
  type MailTemplate,
  renderMail,
  STATEMENT_SUBJECTS,
  type StatementLinks,
  type StatementMail,
  textOnly,
} from '../mail/index.js';
import { agentMailDocument, managerMailDocument } from './statements.js';

/**
 * The weekly statement mail (docs/domain.md, "Mail and statements"), built when it is sent: the
 * Agent Mail or Manager Mail statement of the closed week, read as the screen reads it (its fixed
 * figures), as a short text and HTML body with the statement's lines, a link to the screen and
 * the unsubscribe link, and the statement's PDF (built in an export worker when it is attached).
 */
export function statementMailRenderer(db: Queryable, clock: Clock) {
  return async (content: MailContent, links: StatementLinks): Promise<StatementMail> => {
    const account = await requireAccount(db, content.accountId);
    const of = { subject: account, weekStart: content.weekStart, today: istDay(clock.now()) };
    const screen = screenOf(content.statement === 'agent' ? 'agentMail' : 'managerMail');
    const { document, lines } =
      content.statement === 'agent'
        ? await agentMailDocument(db, of).then((d) => ({ document: d, lines: agentLines(d) }))
        : await managerMailDocument(db, of).then((d) => ({ document: d, lines: managerLines(d) }));
    const { fromDate, toDate, open } = document.response;
    // The file the screen's PDF link downloads.
    const file = downloadFile(ENDPOINTS[content.statement === 'agent' ? 'agentMail' : 'managerMail'].exports, document.download);
    const screenLink = `${links.publicUrl}/${account.role}/${screen.path}?${new URLSearchParams({ fromDate, toDate })}`;
    const name = fullName(account.firstName, account.lastName);
    const title = `${screen.label} of ${account.username}${name ? ` (${name})` : ''}`;
    const week = `${statementHeading(fromDate, toDate)}${open ? ' (open week, figures not final)' : ''}`;
    const { text, html } = renderMail(
      statementTemplate({ content, title, week, lines, screenLink, unsubscribe: links.unsubscribe }),
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

function agentLines(document: Awaited<ReturnType<typeof agentMailDocument>>): Line[] {
  const { response } = document;
  return [
    ...statementLines(response.statement).map((line) => ({
      label: line.label,
      value: typeof line.value === 'number' ? formatPoints(line.value) : line.value,
      bold: line.result,
    })),
    { label: 'Members who played', value: String(response.data.length) },
    { label: 'Points Used By The Members', value: formatPoints(response.totals.totalProfit) },
  ];
}

function managerLines(document: Awaited<ReturnType<typeof managerMailDocument>>): Line[] {
  const { response } = document;
  return [
    ...response.data.map((row) => ({
      label: `${row.username}${row.name ? ` (${row.name})` : ''}`,
      value: formatPoints(row.profit),
    })),
    {
      label: response.data.length > 0 ? `Total of ${formatCount(response.data.length, 'row')}` : 'No data available',
      value: formatPoints(response.totalProfit),
      bold: true,
    },
  ];
}

/**
 * The statement's template. The two parts word the unsubscribe sentence each its own way (text: the
 * bare address on its line; HTML: a link named "Stop these emails").
 */
export const statementTemplate: MailTemplate<{
  content: MailContent;
  title: string;
  week: string;
  lines: readonly Line[];
  screenLink: string;
  unsubscribe: string;
}> = ({ content, title, week, lines, screenLink, unsubscribe }) => ({
  subject: STATEMENT_SUBJECTS[content.statement](content.weekStart),
  blocks: [
    { title, subtitle: week },
    { table: lines },
    {
      paragraph: [
        'The whole statement is attached as a PDF, and on the screen:',
        BREAK,
        { link: screenLink, label: 'open the statement' },
        htmlOnly('.'),
      ],
    },
    {
      paragraph: [
        'You receive this statement every week. ',
        textOnly('To stop it (no sign-in needed), open:\n'),
        { link: unsubscribe, label: 'Stop these emails' },
        textOnly('\nor turn it off on your account page.'),
        htmlOnly(' (no sign-in needed), or turn them off on your account page.'),
      ],
      small: true,
    },
  ],
});
