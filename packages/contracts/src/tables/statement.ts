import type { WeekRef, WeekStatement } from '../api/money.js';
import { formatDayIn } from '../display-format.js';
import type { ColumnDef } from './columns.js';
import { MAIL_MEMBERS_TITLE, MAIL_POINTS_BY_TYPE_TITLE, OTHER_CAFES_MARK } from './money.js';

/**
 * The lines of a week's statement as the mail statement, Revenue's week popup, their PDF and the
 * weekly statement mail show them (docs/screens.md, Agent Mail Details; docs/domain.md, "Week
 * statement"): one list, so that a line can never differ between them. Amounts stay numbers here:
 * the screen and the server each format them (en-IN, two decimals).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'YYYY-MM-DD' as the screens write a day: '05-Mar-2025'. */
export function dayMonYear(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}

/** 'No Record Found' stands in for the loan figures of an account without a loan (docs/screens.md, Agent Mail Details). */
export const NO_LOAN_TEXT = 'No Record Found';
/** What an open week's figures are: computed from the plays so far, not final. */
export const OPEN_WEEK_TEXT = 'open week, live';

/** Where a figure that stands after a week stands: 'after the week of 10-Nov-2026', or 'open week, live'. */
export function afterWeekText(week: WeekRef): string {
  return week.open ? OPEN_WEEK_TEXT : `after the week of ${dayMonYear(week.fromDate)}`;
}

/** 'Week 10-Nov-2026 to 16-Nov-2026: closed' or '...: open week, live (figures not final)'. */
export function statementWeekText(week: WeekRef): string {
  const range = `Week ${dayMonYear(week.fromDate)} to ${dayMonYear(week.toDate)}`;
  return week.open ? `${range}: ${OPEN_WEEK_TEXT} (figures not final)` : `${range}: closed`;
}

/** 'From 05-Mar-2025 to 11-Mar-2025' (docs/screens.md, Agent Mail Details). */
export function statementHeading(fromDate: string, toDate: string): string {
  return `From ${dayMonYear(fromDate)} to ${dayMonYear(toDate)}`;
}

export interface StatementLine {
  label: string;
  /** An amount in points (to format), or a text shown as it is. */
  value: number | string;
  /** A short line saying where the figure comes from or what it stands at. */
  note?: string | undefined;
  /** A result line (bold, with a rule above it). */
  result?: boolean;
}

/**
 * The week's settlement read top to bottom: Revenue Percentage, Actual Points (the profit, with
 * what late plays brought on a line of its own) and Gift Points; the loss carried in and what it
 * took off the gift, giving the Actual Revenue; the loan lines; what is paid; and the loss carried
 * forward. Every line is the Revenue report's figure for the week, and the lines add up: Gift
 * Points + Taken Off the Gift = Actual Revenue; Actual Revenue − Deducted Points = Paid.
 */
export function statementLines(s: WeekStatement): StatementLine[] {
  const { loan } = s;
  return [
    {
      label: 'Revenue Percentage',
      value: `${s.revenuePercentage}%`,
      note: s.actualPoints < 0 ? '0 when the profit is negative' : undefined,
    },
    { label: 'Actual Points', value: s.actualPoints, note: "the week's profit (Revenue: Profit)" },
    ...(s.latePoints !== 0
      ? [{ label: 'of which late', value: s.latePoints, note: 'plays of closed weeks that arrived late, booked into this week' }]
      : []),
    {
      label: 'Gift Points',
      value: s.giftPoints,
      note: `Actual Points × ${s.commissionPercentage} / 100, 0 when the profit is not positive`,
    },
    { label: 'Loss Carried In', value: s.carryIn, note: 'from the week before' },
    { label: 'Taken Off the Gift', value: s.carryEffect, note: 'by the loss carried in' },
    {
      label: 'Actual Revenue',
      value: s.actualRevenue,
      note: 'Gift Points + Taken Off the Gift (Revenue: Actual Rev)',
      result: true,
    },
    { label: 'Loan Deduction', value: `${loan.deductionPercentage}% deducted for loan` },
    { label: 'Previous Loan', value: loan.previousLoan, note: 'owed before the week' },
    { label: 'Deducted Points', value: loan.deductedPoints, note: 'Revenue: Rev Ded' },
    loan.hasLoan
      ? { label: 'Loan Remaining', value: loan.loanRemaining, note: afterWeekText(s) }
      : { label: 'Loan Remaining', value: NO_LOAN_TEXT },
    { label: 'Paid', value: s.paid, note: 'Actual Revenue − Deducted Points (Revenue: Rev After Loan)', result: true },
    { label: 'Carry Forward', value: s.carryForward, note: 'loss carried into the next week' },
  ];
}

/** The caption of the statement's lines on screen, in the PDF and in the CSV/Excel files. */
export const STATEMENT_SUMMARY_TITLE = 'Statement summary';

/**
 * The statement's lines in a CSV/Excel file: an amount under Points (a number a spreadsheet can
 * add), a text line ('12%', '50% deducted for loan', 'No Record Found') under Text.
 */
export const STATEMENT_LINE_COLUMNS: ColumnDef<'line' | 'points' | 'text' | 'note'>[] = [
  { key: 'line', header: 'Line', type: 'string' },
  { key: 'points', header: 'Points', type: 'float', negativeRed: true },
  { key: 'text', header: 'Text', type: 'string' },
  { key: 'note', header: 'Note', type: 'string' },
];

export type StatementLineRow = {
  line: string;
  points?: number;
  text?: string;
  note?: string;
};

/** The rows of STATEMENT_LINE_COLUMNS: the week and whether it is closed, then statementLines. */
export function statementLineRows(s: WeekStatement): StatementLineRow[] {
  return [
    { line: 'Week', text: statementWeekText(s) },
    ...statementLines(s).map((l) => ({
      line: l.label,
      ...(typeof l.value === 'number' ? { points: l.value } : { text: l.value }),
      ...(l.note !== undefined ? { note: l.note } : {}),
    })),
  ];
}

/**
 * The words of a week's statement in one language: its heading and week line, its line labels and
 * notes, the loan lines' worded values and the captions around it. The screens (mail statements,
 * Revenue's week popup) and the statement PDFs and mail take them from here, so that the screen and
 * its PDF cannot word a statement differently. Figures keep Latin digits and Indian grouping, and
 * usernames stay as they are, in every language; the Hindi follows docs/glossary-hi.md.
 */
export interface StatementTexts {
  /** 'YYYY-MM-DD' as the language writes a day. */
  day(day: string): string;
  /** The heading: From 05-Mar-2025 to 11-Mar-2025. */
  heading(fromDate: string, toDate: string): string;
  /** The week and whether it is closed (statementWeekText). */
  weekText(week: WeekRef): string;
  /** Where a figure that stands after a week stands (afterWeekText). */
  afterWeek(week: WeekRef): string;
  /** What an open week's figures are (OPEN_WEEK_TEXT). */
  openWeek: string;
  /** The mark of an open week. */
  open: string;
  /** Under an open week's heading, after its mark. */
  openWeekNote: string;
  /** The loan lines of an account without a loan (NO_LOAN_TEXT). */
  noLoan: string;
  /** The Loan Deduction line's value: 25% deducted for loan. */
  loanDeduction(percentage: number): string;
  /** The caption of the statement's lines (STATEMENT_SUMMARY_TITLE). */
  summaryTitle: string;
  /** Agent Mail's tables and its mark of members who also played at other agents' cafes. */
  membersCaption: string;
  pointsByTypeCaption: string;
  otherCafesMark: string;
  /** The members who also played at other agents' cafes, each as `alsoPlayed` gives it. */
  otherCafes(found: readonly string[]): string;
  alsoPlayed(username: string, play: string, pointsUsed: string): string;
  /** Under Agent Mail's heading: whose statement, at which commission. */
  statementOf(username: string, commission: number): string;
  /** The statement lines' labels, by their English label. */
  lineLabels: Readonly<Record<string, string>>;
  /** The lines' notes. */
  notes: {
    negativeProfit: string;
    actualPoints: string;
    late: string;
    gift(commissionPercentage: number): string;
    carryIn: string;
    carryEffect: string;
    actualRevenue: string;
    previousLoan: string;
    deductedPoints: string;
    paid: string;
    carryForward: string;
  };
}

/** 'YYYY-MM-DD' with Hindi's short month name: '05-मार्च-2025' (docs/glossary-hi.md, Months). */
export function dayMonYearHi(day: string): string {
  return formatDayIn('hi', day);
}

const HI_OPEN_WEEK = 'खुला सप्ताह, लाइव';

export const STATEMENT_TEXTS: Readonly<Record<'en' | 'hi', StatementTexts>> = {
  en: {
    day: dayMonYear,
    heading: statementHeading,
    weekText: statementWeekText,
    afterWeek: afterWeekText,
    openWeek: OPEN_WEEK_TEXT,
    open: 'Open',
    openWeekNote: `${OPEN_WEEK_TEXT}: this week is not closed yet, its figures are not final.`,
    noLoan: NO_LOAN_TEXT,
    loanDeduction: (percentage) => `${percentage}% deducted for loan`,
    summaryTitle: STATEMENT_SUMMARY_TITLE,
    // Getters: tables/money.ts imports this module, so its captions are read when used.
    get membersCaption() {
      return MAIL_MEMBERS_TITLE;
    },
    get pointsByTypeCaption() {
      return MAIL_POINTS_BY_TYPE_TITLE;
    },
    get otherCafesMark() {
      return OTHER_CAFES_MARK;
    },
    otherCafes: (found) => `${OTHER_CAFES_MARK}: also played at other agents' cafes in this week: ${found.join('; ')}.`,
    alsoPlayed: (username, play, pointsUsed) => `${username} (play ${play}, points used ${pointsUsed})`,
    statementOf: (username, commission) => `Statement of ${username}, commission ${commission}%`,
    lineLabels: {},
    notes: {
      negativeProfit: '0 when the profit is negative',
      actualPoints: "the week's profit (Revenue: Profit)",
      late: 'plays of closed weeks that arrived late, booked into this week',
      gift: (commission) => `Actual Points × ${commission} / 100, 0 when the profit is not positive`,
      carryIn: 'from the week before',
      carryEffect: 'by the loss carried in',
      actualRevenue: 'Gift Points + Taken Off the Gift (Revenue: Actual Rev)',
      previousLoan: 'owed before the week',
      deductedPoints: 'Revenue: Rev Ded',
      paid: 'Actual Revenue − Deducted Points (Revenue: Rev After Loan)',
      carryForward: 'loss carried into the next week',
    },
  },
  hi: {
    day: dayMonYearHi,
    heading: (fromDate, toDate) => `${dayMonYearHi(fromDate)} से ${dayMonYearHi(toDate)} तक`,
    weekText: (week) => {
      const range = `सप्ताह ${dayMonYearHi(week.fromDate)} से ${dayMonYearHi(week.toDate)} तक`;
      return week.open ? `${range}: ${HI_OPEN_WEEK} (आंकड़े अंतिम नहीं)` : `${range}: बंद`;
    },
    afterWeek: (week) => (week.open ? HI_OPEN_WEEK : `${dayMonYearHi(week.fromDate)} वाले सप्ताह के बाद`),
    openWeek: HI_OPEN_WEEK,
    open: 'खुला',
    openWeekNote: `${HI_OPEN_WEEK}: यह सप्ताह अभी बंद नहीं हुआ है, इसके आंकड़े अंतिम नहीं हैं।`,
    noLoan: 'कोई रिकॉर्ड नहीं मिला',
    loanDeduction: (percentage) => `लोन के लिए ${percentage}% कटौती`,
    summaryTitle: 'स्टेटमेंट का सारांश',
    membersCaption: 'आपके सदस्य जिन्होंने दूसरे एजेंटों के साइबर कैफ़े में खेला',
    pointsByTypeCaption: 'कुल इस्तेमाल पॉइंट',
    otherCafesMark: 'दूसरे कैफ़े',
    otherCafes: (found) => `दूसरे कैफ़े: इस सप्ताह दूसरे एजेंटों के कैफ़े में भी खेले: ${found.join('; ')}।`,
    alsoPlayed: (username, play, pointsUsed) => `${username} (खेल ${play}, इस्तेमाल पॉइंट ${pointsUsed})`,
    statementOf: (username, commission) => `${username} का स्टेटमेंट, कमीशन ${commission}%`,
    lineLabels: {
      'Revenue Percentage': 'राजस्व प्रतिशत',
      'Actual Points': 'वास्तविक पॉइंट',
      'of which late': 'इनमें से देर से आए',
      'Gift Points': 'गिफ़्ट पॉइंट',
      'Loss Carried In': 'पिछले सप्ताह का घाटा',
      'Taken Off the Gift': 'गिफ़्ट से घटाया गया',
      'Actual Revenue': 'वास्तविक राजस्व',
      'Loan Deduction': 'लोन कटौती',
      'Previous Loan': 'पिछला लोन',
      'Deducted Points': 'काटे गए पॉइंट',
      'Loan Remaining': 'बाक़ी लोन',
      Paid: 'भुगतान',
      'Carry Forward': 'आगे ले जाया गया घाटा',
    },
    notes: {
      negativeProfit: 'लाभ ऋणात्मक हो तो 0',
      actualPoints: 'सप्ताह का लाभ (राजस्व: लाभ)',
      late: 'बंद सप्ताहों के खेल जो देर से आए, इस सप्ताह में जोड़े गए',
      gift: (commission) => `वास्तविक पॉइंट × ${commission} / 100, लाभ धनात्मक न हो तो 0`,
      carryIn: 'पिछले सप्ताह से',
      carryEffect: 'पिछले सप्ताह के घाटे से',
      actualRevenue: 'गिफ़्ट पॉइंट + गिफ़्ट से घटाया गया (राजस्व: वास्तविक राजस्व)',
      previousLoan: 'सप्ताह से पहले का बकाया',
      deductedPoints: 'राजस्व: राजस्व कटौती',
      paid: 'वास्तविक राजस्व − काटे गए पॉइंट (राजस्व: लोन के बाद राजस्व)',
      carryForward: 'अगले सप्ताह में ले जाया गया घाटा',
    },
  },
};

/** A statement line in a language: `key` its English label (what the line is), `label` its words. */
export interface StatementLineIn extends StatementLine {
  key: string;
}

/** statementLines in `texts`' language: the same lines, their labels, notes and worded values translated. */
export function statementLinesIn(s: WeekStatement, texts: StatementTexts): StatementLineIn[] {
  const { loan } = s;
  const n = texts.notes;
  const line = (key: string, value: number | string, note?: string, result?: boolean): StatementLineIn => ({
    key,
    label: texts.lineLabels[key] ?? key,
    value,
    ...(note !== undefined ? { note } : { note: undefined }),
    ...(result ? { result } : {}),
  });
  return [
    line('Revenue Percentage', `${s.revenuePercentage}%`, s.actualPoints < 0 ? n.negativeProfit : undefined),
    line('Actual Points', s.actualPoints, n.actualPoints),
    ...(s.latePoints !== 0 ? [line('of which late', s.latePoints, n.late)] : []),
    line('Gift Points', s.giftPoints, n.gift(s.commissionPercentage)),
    line('Loss Carried In', s.carryIn, n.carryIn),
    line('Taken Off the Gift', s.carryEffect, n.carryEffect),
    line('Actual Revenue', s.actualRevenue, n.actualRevenue, true),
    line('Loan Deduction', texts.loanDeduction(loan.deductionPercentage)),
    line('Previous Loan', loan.previousLoan, n.previousLoan),
    line('Deducted Points', loan.deductedPoints, n.deductedPoints),
    loan.hasLoan ? line('Loan Remaining', loan.loanRemaining, texts.afterWeek(s)) : line('Loan Remaining', texts.noLoan),
    line('Paid', s.paid, n.paid, true),
    line('Carry Forward', s.carryForward, n.carryForward),
  ];
}
