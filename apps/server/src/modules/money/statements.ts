import {
  type AgentMailResponse,
  type ENDPOINTS,
  type ManagerMailResponse,
  type RevenueWeekResponse,
  statementLineRows,
} from '@playrep/contracts';
import type { Queryable } from '../../db/client.js';
import { addDays, type IsoDay } from '../../lib/dates.js';
import { numbered } from '../../lib/present.js';
import type { Download } from '../export/download.js';
import type { PdfLanguage } from '../export/pdf-labels.js';
import { isWeekOpen, weekStatement } from '../weeks/index.js';
import {
  accountRef,
  mailRow,
  mailTotals,
  mailUserFound,
  managerMailRows,
  pointsByTypeRow,
  weekStatement as presentStatement,
  statementRevenueRow,
  totalPoints,
  weekMemberRow,
  weekRef,
} from './present.js';
import { agentMail, mailMembers } from './queries/mail-statement.js';
import { pointsByGame } from './queries/points-by-game.js';
import { weekMemberPoints } from './queries/week-member-points.js';
import { agentMailPdf, managerMailPdf, revenueWeekPdf } from './statement-pdf.js';

/**
 * The three statements of one account and week (Agent Mail, Manager Mail, Revenue's week popup),
 * each as the screen's answer and its download: the rows of its CSV and Excel files (the same
 * rows) and the layout of its PDF over them, named and titled by the endpoint table. The report
 * calls answer from them, and so does the weekly statement mail (statement-mail.ts), which is
 * thus the screen's statement of that week.
 */
export interface StatementDocument<Response, D = Download> {
  response: Response;
  download: D & Required<Pick<Download, 'pdf'>>;
}

type DownloadOf<N extends 'agentMail' | 'managerMail' | 'revenueWeek'> = Download<(typeof ENDPOINTS)[N]['exports']>;

interface Of {
  /** The account the statement is about. */
  subject: { id: string; username: string };
  /** The settlement week's Monday. */
  weekStart: IsoDay;
  today: IsoDay;
  /** The language of the PDF's words (English unless said): the recipient's. */
  language?: PdfLanguage | undefined;
}

/** Agent Mail Details of one settlement week (weeks/weeks.ts, statementWeek). */
export async function agentMailDocument(
  db: Queryable,
  { subject, weekStart, today, language }: Of,
): Promise<StatementDocument<AgentMailResponse, DownloadOf<'agentMail'>>> {
  const [statement, byGame] = await Promise.all([
    agentMail(db, { accountId: subject.id, weekStart, today }),
    pointsByGame(db, subject.id, { from: weekStart, to: addDays(weekStart, 6) }),
  ]);
  const data = statement.data.map(mailRow);
  const pointsByType = byGame.map(pointsByTypeRow);
  const response: AgentMailResponse = {
    ...weekRef(statement.weekStart, statement.statement.open),
    account: accountRef(subject),
    data,
    totals: mailTotals(statement),
    userFound: statement.userFound.map(mailUserFound),
    pointsByType,
    statement: presentStatement(statement.statement),
  };
  // Members who also played at other agents' cafes carry those figures, as the screen marks them.
  const elsewhere = new Map(response.userFound.map((u) => [u.username, u]));
  const memberRows = data.map((row) => {
    const other = elsewhere.get(row.username);
    return other ? { ...row, otherCafesPlay: other.playPoints, otherCafesPoints: other.profit } : row;
  });
  return {
    response,
    download: {
      about: [subject.username, statement.weekStart, 'to', statement.weekEnd],
      sheets: { members: memberRows, byType: pointsByType, statement: statementLineRows(response.statement) },
      pdf: agentMailPdf(response, language),
    },
  };
}

/** Manager Mail Details: the same week rule and the same accounts as Agent Mail (mailMembers). */
export async function managerMailDocument(
  db: Queryable,
  { subject, weekStart, today, language }: Of,
): Promise<StatementDocument<ManagerMailResponse, DownloadOf<'managerMail'>>> {
  const week = weekRef(weekStart, false);
  const [members, open] = await Promise.all([
    mailMembers(db, { accountId: subject.id, weekStart }),
    isWeekOpen(db, 'games', weekStart, today),
  ]);
  const data = managerMailRows(members.data);
  const response: ManagerMailResponse = {
    ...week,
    open,
    data,
    totalProfit: totalPoints(members.data, (child) => child.profitCents),
  };
  return {
    response,
    download: {
      about: [subject.username, week.fromDate, 'to', week.toDate],
      sheets: { children: data },
      pdf: managerMailPdf(response, subject.username, language),
    },
  };
}

/** Revenue's week popup: the week's row, the points used by each member, the week's statement. */
export async function revenueWeekDocument(
  db: Queryable,
  { subject, weekStart, today }: Of,
): Promise<StatementDocument<RevenueWeekResponse, DownloadOf<'revenueWeek'>>> {
  const [statement, members] = await Promise.all([
    weekStatement(db, { accountId: subject.id, weekStart, today }),
    weekMemberPoints(db, { accountId: subject.id, weekStart }),
  ]);
  const week = statementRevenueRow(statement);
  const memberRows = members.map(weekMemberRow);
  const response: RevenueWeekResponse = {
    account: accountRef(subject),
    week,
    members: memberRows,
    totalProfit: totalPoints(members, (m) => m.profitCents),
    statement: presentStatement(statement),
  };
  return {
    response,
    download: {
      about: [subject.username, weekStart],
      sheets: {
        week: { rows: numbered([week]), titled: `${weekStart} to ${statement.weekEnd}` },
        members: numbered(memberRows),
        statement: statementLineRows(response.statement),
      },
      pdf: revenueWeekPdf(response),
    },
  };
}
