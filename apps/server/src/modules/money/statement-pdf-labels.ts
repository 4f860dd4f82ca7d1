import {
  AGENT_MAIL_EXPORT_COLUMNS,
  AGENT_MAIL_POINTS_BY_TYPE_COLUMNS,
  type ColumnDef,
  formatPoints,
  LABELS_HI,
  MAIL_MEMBERS_TITLE,
  MANAGER_MAIL_COLUMNS,
  NO_LOAN_TEXT,
  STATEMENT_SUMMARY_TITLE,
  STATEMENT_TEXTS,
  type StatementLine,
  type StatementTexts,
  statementHeading,
  statementWeekText,
  type WeekRef,
  type WeekStatement,
} from '@playrep/contracts';
import type { PdfLanguage } from '../export/pdf-labels.js';

/**
 * The words of the mail statements' PDFs (statement-pdf.ts) and the statement mail per language:
 * headings, captions, the statement's line labels and the tables' column
 * headers (by column key), and the loan lines' worded values. Figures keep Latin digits and Indian grouping, usernames stay as they
 * are, in every language. A line label or note this does not know stays in English.
 */
export interface StatementPdfLabels {
  agentMailTitle(username: string): string;
  managerMailTitle(username: string): string;
  /** The week: From 16-Nov-2026 to 22-Nov-2026. */
  period(fromDate: string, toDate: string): string;
  openWeekNote: string;
  agentStatementOf(username: string, commission: number): string;
  managerStatementOf(username: string): string;
  membersCaption: string;
  /** The members who also played at other agents' cafes, each as `alsoPlayed` gives it. */
  otherCafes(found: readonly string[]): string;
  alsoPlayed(username: string, play: string, pointsUsed: string): string;
  pointsByTypeCaption?: string | undefined;
  managerCaption: string;
  summaryTitle: string;
  weekText(week: WeekRef): string;
  /** The Loan Deduction line's value: 25% deducted for loan. */
  loanDeduction(percentage: number): string;
  /** The Loan Remaining line's value for an account without a loan. */
  noLoan: string;
  /** Line labels by their English label (statementLines). */
  lineLabels?: Readonly<Record<string, string>> | undefined;
  agentMailHeaders?: Readonly<Record<string, string>> | undefined;
  pointsByTypeHeaders?: Readonly<Record<string, string>> | undefined;
  managerMailHeaders?: Readonly<Record<string, string>> | undefined;
  /** The statement's words in this language (the contracts' STATEMENT_TEXTS, as the screen shows them). */
  texts: StatementTexts;
}

/** Column headers by column key, in Hindi: the contracts' LABELS_HI, as the screen's table headers. */
function hindiHeaders(columns: readonly ColumnDef[]): Record<string, string> {
  return Object.fromEntries(columns.map((c) => [c.key, LABELS_HI[c.header] ?? c.header]));
}

const en = STATEMENT_TEXTS.en;
const hi = STATEMENT_TEXTS.hi;

/**
 * English as the screens write it; Hindi from the same sources as the Hindi screens (the contracts'
 * STATEMENT_TEXTS for the statement's own words, LABELS_HI for titles and column headers), so that
 * a statement's PDF and its screen word it alike (docs/glossary-hi.md).
 */
export const STATEMENT_PDF_LABELS: Record<PdfLanguage, StatementPdfLabels> = {
  en: {
    agentMailTitle: (username) => `Agent Mail Details: ${username}`,
    managerMailTitle: (username) => `Manager Mail Details: ${username}`,
    period: statementHeading,
    // Under an open week's heading: its figures are live (docs/screens.md, Agent Mail Details).
    openWeekNote: `${en.open}: ${en.openWeekNote}`,
    agentStatementOf: en.statementOf,
    managerStatementOf: (username) => `Statement of ${username}`,
    membersCaption: MAIL_MEMBERS_TITLE,
    otherCafes: en.otherCafes,
    alsoPlayed: en.alsoPlayed,
    managerCaption: 'Manager Mail Details',
    summaryTitle: STATEMENT_SUMMARY_TITLE,
    weekText: statementWeekText,
    loanDeduction: en.loanDeduction,
    noLoan: NO_LOAN_TEXT,
    texts: en,
  },
  hi: {
    agentMailTitle: (username) => `${LABELS_HI['Agent Mail Details']}: ${username}`,
    managerMailTitle: (username) => `${LABELS_HI['Manager Mail Details']}: ${username}`,
    period: hi.heading,
    openWeekNote: `${hi.open}: ${hi.openWeekNote}`,
    agentStatementOf: hi.statementOf,
    managerStatementOf: (username) => `${username} का स्टेटमेंट`,
    membersCaption: hi.membersCaption,
    otherCafes: hi.otherCafes,
    alsoPlayed: hi.alsoPlayed,
    pointsByTypeCaption: hi.pointsByTypeCaption,
    managerCaption: LABELS_HI['Manager Mail Details'] ?? 'Manager Mail Details',
    summaryTitle: hi.summaryTitle,
    weekText: hi.weekText,
    loanDeduction: hi.loanDeduction,
    noLoan: hi.noLoan,
    lineLabels: hi.lineLabels,
    agentMailHeaders: hindiHeaders(AGENT_MAIL_EXPORT_COLUMNS),
    pointsByTypeHeaders: hindiHeaders(AGENT_MAIL_POINTS_BY_TYPE_COLUMNS),
    managerMailHeaders: hindiHeaders(MANAGER_MAIL_COLUMNS),
    texts: hi,
  },
};

/** A statement line's value in the labels' language: an amount formatted, or its words. */
export function statementLineValue(line: StatementLine, statement: WeekStatement, labels: StatementPdfLabels): string {
  if (typeof line.value === 'number') return formatPoints(line.value);
  if (line.label === 'Loan Deduction') return labels.loanDeduction(statement.loan.deductionPercentage);
  return line.value === NO_LOAN_TEXT ? labels.noLoan : line.value;
}
