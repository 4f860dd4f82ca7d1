import {
  type AgentMailResponse,
  dayMonYear,
  formatPoints,
  type ManagerMailResponse,
  OPEN_WEEK_TEXT,
  type RevenueWeekResponse,
  statementLinesIn,
  statementWeekText,
  WEEK_MEMBERS_TITLE,
  type WeekStatement,
} from '@playrep/contracts';
import type { PdfLanguage } from '../export/pdf-labels.js';
import type { PdfBlock, PdfFigure, PdfLayout } from '../export/table-export.js';
import { STATEMENT_PDF_LABELS, type StatementPdfLabels } from './statement-pdf-labels.js';

/**
 * The PDF of each statement screen (docs/domain.md, "Mail and statements"): what the screen shows,
 * in its order and words, over the export tables of the same call (so CSV, Excel and PDF come from
 * the same rows). Table indexes refer to those tables.
 */

/** The statement's lines in the labels' language: the same labels, notes and worded values as the screen's. */
function statementFigures(statement: WeekStatement, labels: StatementPdfLabels): PdfFigure[] {
  return statementLinesIn(statement, labels.texts).map((line) => ({
    label: line.label,
    value: typeof line.value === 'number' ? formatPoints(line.value) : line.value,
    negative: typeof line.value === 'number' && line.value < 0,
    note: line.note,
    result: line.result,
  }));
}

/**
 * Agent Mail Details: tables 0 (members) and 1 (Total Points Used), in `language`
 * (statement-pdf-labels.ts).
 */
export function agentMailPdf(r: AgentMailResponse, language: PdfLanguage = 'en'): PdfLayout {
  const labels = STATEMENT_PDF_LABELS[language];
  const found = r.userFound.map((u) => labels.alsoPlayed(u.username, formatPoints(u.playPoints), formatPoints(u.profit)));
  const blocks: PdfBlock[] = [
    { type: 'table', table: 0, caption: labels.membersCaption, ...headers(labels.agentMailHeaders) },
    ...(found.length > 0 ? [{ type: 'text' as const, text: labels.otherCafes(found) }] : []),
    {
      type: 'side-by-side',
      leftShare: 0.4,
      left: {
        type: 'table',
        table: 1,
        ...(labels.pointsByTypeCaption ? { caption: labels.pointsByTypeCaption } : {}),
        ...headers(labels.pointsByTypeHeaders),
      },
      right: {
        type: 'figures',
        title: labels.summaryTitle,
        subtitle: labels.weekText(r.statement),
        figures: statementFigures(r.statement, labels),
      },
    },
  ];
  return {
    title: labels.agentMailTitle(r.account.username),
    lines: [
      labels.period(r.fromDate, r.toDate),
      ...(r.open ? [labels.openWeekNote] : []),
      labels.agentStatementOf(r.account.username, r.totals.usercommission),
    ],
    blocks,
    ...(language === 'en' ? {} : { language }),
  };
}

/** Manager Mail Details: table 0 (the direct children), in `language`. */
export function managerMailPdf(r: ManagerMailResponse, username: string, language: PdfLanguage = 'en'): PdfLayout {
  const labels = STATEMENT_PDF_LABELS[language];
  return {
    title: labels.managerMailTitle(username),
    lines: [labels.period(r.fromDate, r.toDate), ...(r.open ? [labels.openWeekNote] : []), labels.managerStatementOf(username)],
    blocks: [{ type: 'table', table: 0, caption: labels.managerCaption, ...headers(labels.managerMailHeaders) }],
    ...(language === 'en' ? {} : { language }),
  };
}

const headers = (byKey: Readonly<Record<string, string>> | undefined) => (byKey ? { headers: { ...byKey } } : {});

/** Revenue's week popup: tables 0 (the week's row) and 1 (the members). */
export function revenueWeekPdf(r: RevenueWeekResponse): PdfLayout {
  const { week } = r;
  return {
    title: `Revenue: Week ${dayMonYear(week.fromDate)} to ${dayMonYear(week.toDate)}`,
    lines: [`${r.account.username}: ${week.open ? `${OPEN_WEEK_TEXT}, not closed yet` : 'closed week'}`],
    blocks: [
      { type: 'table', table: 0, caption: 'Revenue of the week' },
      { type: 'table', table: 1, caption: WEEK_MEMBERS_TITLE },
      {
        type: 'figures',
        title: 'Gift points summary',
        subtitle: statementWeekText(r.statement),
        figures: statementFigures(r.statement, STATEMENT_PDF_LABELS.en),
      },
    ],
  };
}
