import {
  dayMonYear,
  formatPoints,
  MAIL_MEMBERS_TITLE,
  NO_LOAN_TEXT,
  OPEN_WEEK_TEXT,
  OTHER_CAFES_MARK,
  STATEMENT_SUMMARY_TITLE,
  type StatementLine,
  statementHeading,
  statementWeekText,
  type WeekRef,
  type WeekStatement,
} from '@playrep/contracts';
import type { PdfLanguage } from '../export/pdf-labels.js';

/**
 * The words of the mail statements' PDFs (statement-pdf.ts) per language, until the app's language
 * catalogue supplies them: headings, captions, the statement's line labels and the tables' column
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
}

export const STATEMENT_PDF_LABELS: Record<PdfLanguage, StatementPdfLabels> = {
  en: {
    agentMailTitle: (username) => `Agent Mail Details: ${username}`,
    managerMailTitle: (username) => `Manager Mail Details: ${username}`,
    period: statementHeading,
    // Under an open week's heading: its figures are live (docs/screens.md, Agent Mail Details).
    openWeekNote: `Open: ${OPEN_WEEK_TEXT}: this week is not closed yet, its figures are not final.`,
    agentStatementOf: (username, commission) => `Statement of ${username}, commission ${commission}%`,
    managerStatementOf: (username) => `Statement of ${username}`,
    membersCaption: MAIL_MEMBERS_TITLE,
    otherCafes: (found) => `${OTHER_CAFES_MARK}: also played at other agents' cafes in this week: ${found.join('; ')}.`,
    alsoPlayed: (username, play, pointsUsed) => `${username} (play ${play}, points used ${pointsUsed})`,
    managerCaption: 'Manager Mail Details',
    summaryTitle: STATEMENT_SUMMARY_TITLE,
    weekText: statementWeekText,
    loanDeduction: (percentage) => `${percentage}% deducted for loan`,
    noLoan: NO_LOAN_TEXT,
  },
  hi: {
    agentMailTitle: (username) => `एजेंट मेल विवरण: ${username}`,
    managerMailTitle: (username) => `मैनेजर मेल विवरण: ${username}`,
    period: (fromDate, toDate) => `${dayMonYear(fromDate)} से ${dayMonYear(toDate)} तक`,
    openWeekNote: 'खुला सप्ताह: यह सप्ताह अभी बंद नहीं हुआ है, इसके आंकड़े अंतिम नहीं हैं।',
    agentStatementOf: (username, commission) => `${username} का विवरण, कमीशन ${commission}%`,
    managerStatementOf: (username) => `${username} का विवरण`,
    membersCaption: 'आपके सदस्य जिन्होंने दूसरे एजेंटों के साइबर कैफ़े में खेला',
    otherCafes: (found) => `अन्य कैफ़े: इस सप्ताह दूसरे एजेंटों के कैफ़े में भी खेले: ${found.join('; ')}।`,
    alsoPlayed: (username, play, pointsUsed) => `${username} (खेल ${play}, उपयोग किए गए पॉइंट्स ${pointsUsed})`,
    pointsByTypeCaption: 'कुल उपयोग किए गए पॉइंट्स',
    managerCaption: 'मैनेजर मेल विवरण',
    summaryTitle: 'विवरण सारांश',
    weekText: (week) => {
      const range = `सप्ताह ${dayMonYear(week.fromDate)} से ${dayMonYear(week.toDate)} तक`;
      return week.open ? `${range}: खुला सप्ताह (आंकड़े अंतिम नहीं)` : `${range}: बंद`;
    },
    loanDeduction: (percentage) => `लोन के लिए ${percentage}% कटौती`,
    noLoan: 'कोई रिकॉर्ड नहीं मिला',
    lineLabels: {
      'Revenue Percentage': 'राजस्व प्रतिशत',
      'Actual Points': 'वास्तविक पॉइंट्स',
      'of which late': 'जिनमें से देर से आए',
      'Gift Points': 'गिफ्ट पॉइंट्स',
      'Loss Carried In': 'पिछले सप्ताह का घाटा',
      'Taken Off the Gift': 'गिफ्ट से घटाया गया',
      'Actual Revenue': 'वास्तविक राजस्व',
      'Loan Deduction': 'लोन कटौती',
      'Previous Loan': 'पिछला लोन',
      'Deducted Points': 'काटे गए पॉइंट्स',
      'Loan Remaining': 'शेष लोन',
      Paid: 'भुगतान',
      'Carry Forward': 'आगे ले जाया गया घाटा',
    },
    agentMailHeaders: {
      username: 'सदस्य आईडी',
      name: 'सदस्य का नाम',
      playPoints: 'खेल',
      registeredAt: 'पंजीकरण',
      profit: 'सदस्य द्वारा उपयोग किए गए पॉइंट्स',
      otherCafesPlay: 'अन्य कैफ़े: खेल',
      otherCafesPoints: 'अन्य कैफ़े: उपयोग किए गए पॉइंट्स',
    },
    pointsByTypeHeaders: { type: 'प्रकार', playPoints: 'खेल', profit: 'कुल उपयोग किए गए पॉइंट्स' },
    managerMailHeaders: { SrNo: 'क्रम सं.', username: 'एजेंट आईडी', name: 'नाम', profit: 'लाभ' },
  },
};

/** A statement line's value in the labels' language: an amount formatted, or its words. */
export function statementLineValue(line: StatementLine, statement: WeekStatement, labels: StatementPdfLabels): string {
  if (typeof line.value === 'number') return formatPoints(line.value);
  if (line.label === 'Loan Deduction') return labels.loanDeduction(statement.loan.deductionPercentage);
  return line.value === NO_LOAN_TEXT ? labels.noLoan : line.value;
}
