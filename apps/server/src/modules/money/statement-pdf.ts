import {
  type AgentMailResponse,
  dayMonYear,
  formatPoints,
  MAIL_MEMBERS_TITLE,
  type ManagerMailResponse,
  OPEN_WEEK_TEXT,
  OTHER_CAFES_MARK,
  type RevenueWeekResponse,
  STATEMENT_SUMMARY_TITLE,
  statementHeading,
  statementLines,
  statementWeekText,
  WEEK_MEMBERS_TITLE,
  type WeekStatement,
} from '@playrep/contracts';
import type { PdfBlock, PdfFigure, PdfLayout } from '../export/table-export.js';

/**
 * The PDF of each statement screen (docs/domain.md, "Mail and statements"): what the screen shows,
 * in its order and words, over the export tables of the same call (so CSV, Excel and PDF come from
 * the same rows). Table indexes refer to those tables.
 */

/** Under an open week's heading: its figures are live (docs/screens.md, Agent Mail Details). */
const OPEN_WEEK_NOTE = `Open: ${OPEN_WEEK_TEXT}: this week is not closed yet, its figures are not final.`;

function statementFigures(statement: WeekStatement): PdfFigure[] {
  return statementLines(statement).map((line) => ({
    label: line.label,
    value: typeof line.value === 'number' ? formatPoints(line.value) : line.value,
    negative: typeof line.value === 'number' && line.value < 0,
    note: line.note,
    result: line.result,
  }));
}

/** Agent Mail Details: tables 0 (members) and 1 (Total Points Used). */
export function agentMailPdf(r: AgentMailResponse): PdfLayout {
  const found = r.userFound.map(
    (u) => `${u.username} (play ${formatPoints(u.playPoints)}, points used ${formatPoints(u.profit)})`,
  );
  const blocks: PdfBlock[] = [
    { type: 'table', table: 0, caption: MAIL_MEMBERS_TITLE },
    ...(found.length > 0
      ? [
          {
            type: 'text' as const,
            text: `${OTHER_CAFES_MARK}: also played at other agents' cafes in this week: ${found.join('; ')}.`,
          },
        ]
      : []),
    {
      type: 'side-by-side',
      leftShare: 0.4,
      left: { type: 'table', table: 1 },
      right: {
        type: 'figures',
        title: STATEMENT_SUMMARY_TITLE,
        subtitle: statementWeekText(r.statement),
        figures: statementFigures(r.statement),
      },
    },
  ];
  return {
    title: `Agent Mail Details: ${r.account.username}`,
    lines: [
      statementHeading(r.fromDate, r.toDate),
      ...(r.open ? [OPEN_WEEK_NOTE] : []),
      `Statement of ${r.account.username}, commission ${r.totals.usercommission}%`,
    ],
    blocks,
  };
}

/** Manager Mail Details: table 0 (the direct children). */
export function managerMailPdf(r: ManagerMailResponse, username: string): PdfLayout {
  return {
    title: `Manager Mail Details: ${username}`,
    lines: [statementHeading(r.fromDate, r.toDate), ...(r.open ? [OPEN_WEEK_NOTE] : []), `Statement of ${username}`],
    blocks: [{ type: 'table', table: 0, caption: 'Manager Mail Details' }],
  };
}

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
        figures: statementFigures(r.statement),
      },
    ],
  };
}
