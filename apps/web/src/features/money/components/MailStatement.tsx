import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import {
  AGENT_MAIL_COLUMNS,
  AGENT_MAIL_POINTS_BY_TYPE_COLUMNS,
  type AgentMailResponse,
  type AgentMailRow,
} from '@playrep/contracts';
import type { ReactNode } from 'react';
import { GiftPointsFigures, useStatementTexts } from '../../../components/report/GiftPointsFigures';
import { MemberLink } from '../../../components/report/MemberLink';
import { formatAmount } from '../../../lib/format';
import { StatementTable } from './StatementTable';
import { withName } from './with-name';

/** Members from which a print in two columns is worth trying (print-fit.ts decides). */
const SPLIT_FROM_ROWS = 30;

/**
 * The members with their total row; a long list also in two halves side by side, a form only
 * the print layout shows (statement-print.css), when it allows larger text than one column.
 */
function MembersTable({ rows, memberId }: { rows: readonly AgentMailRow[]; memberId: (row: AgentMailRow) => ReactNode }) {
  const texts = useStatementTexts();
  const table = (part: readonly AgentMailRow[], totalOf: readonly AgentMailRow[] | null) => (
    <StatementTable
      caption={texts.membersCaption}
      columns={AGENT_MAIL_COLUMNS}
      rows={part}
      rowKey={(row) => row._id}
      render={{ username: memberId }}
      totalOf={totalOf}
    />
  );
  const half = Math.ceil(rows.length / 2);
  return (
    <>
      <div data-print-whole>{table(rows, rows)}</div>
      {rows.length >= SPLIT_FROM_ROWS && (
        // A print-only copy: hidden on screen, and from assistive technology.
        <div data-print-split aria-hidden>
          {table(rows.slice(0, half), null)}
          {table(rows.slice(half), rows)}
        </div>
      )}
    </>
  );
}

/** The statement's heading in the language chosen now: From 05-Mar-2025 to 11-Mar-2025. */
export function StatementHeading({ fromDate, toDate }: { fromDate: string; toDate: string }) {
  const texts = useStatementTexts();
  return (
    <Title order={2} size="h3">
      {texts.heading(fromDate, toDate)}
    </Title>
  );
}

/** Under the heading of an open week: its figures are live, not final. */
export function OpenWeekNote({ open }: { open: boolean }) {
  const texts = useStatementTexts();
  if (!open) return null;
  return (
    <Group gap="xs">
      <Badge color="yellow.3" c="dark.9" variant="filled">
        {texts.open}
      </Badge>
      <Text size="sm">{texts.openWeekNote}</Text>
    </Group>
  );
}

/**
 * The mail statement of one settlement week (docs/screens.md, Agent Mail Details): the heading (and, for
 * an open week, that it is live), the members table with its total row (members who also played
 * at other agents' cafes are marked), the 'Total Points Used' table by game and the summary: the
 * week's settlement read top to bottom (GiftPointsFigures). It prints on one A4 page
 * (print-fit.ts, statement-print.css).
 */
export function MailStatement({ data }: { data: AgentMailResponse }) {
  const texts = useStatementTexts();
  const elsewhere = new Map(data.userFound.map((u) => [u.username, u]));
  // The id never breaks; the mark may go under it. The badge clips its label, so min-width keeps a
  // table from sizing the cell without it.
  const memberId = (row: AgentMailRow) => (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>
        {row.role === 'player' ? <MemberLink username={row.username} /> : row.username}
      </span>
      {elsewhere.has(row.username) && (
        <>
          {' '}
          <Badge size="xs" variant="outline" color="dark" radius="sm" miw="max-content">
            {texts.otherCafesMark}
          </Badge>
        </>
      )}
    </>
  );

  return (
    <Stack gap="sm">
      <StatementHeading fromDate={data.fromDate} toDate={data.toDate} />
      <OpenWeekNote open={data.open} />
      <Text size="sm">
        {withName(texts.statementOf(data.account.username, data.totals.usercommission), data.account.username)}
      </Text>
      <MembersTable rows={data.data} memberId={memberId} />
      {data.userFound.length > 0 && (
        <Text size="xs" c="gray.8">
          {texts.otherCafes(
            data.userFound.map((u) => texts.alsoPlayed(u.username, formatAmount(u.playPoints), formatAmount(u.profit))),
          )}
        </Text>
      )}
      <StatementTable
        caption={texts.pointsByTypeCaption}
        columns={AGENT_MAIL_POINTS_BY_TYPE_COLUMNS}
        rows={data.pointsByType}
        rowKey={(row) => row.type}
      />
      <GiftPointsFigures label={texts.summaryTitle} className="mail-statement-summary" statement={data.statement} />
    </Stack>
  );
}
