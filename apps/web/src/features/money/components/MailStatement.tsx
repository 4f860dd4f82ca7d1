import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import {
  AGENT_MAIL_COLUMNS,
  AGENT_MAIL_POINTS_BY_TYPE_COLUMNS,
  type AgentMailResponse,
  type AgentMailRow,
  MAIL_MEMBERS_TITLE as MEMBERS_CAPTION,
  OTHER_CAFES_MARK,
  MAIL_POINTS_BY_TYPE_TITLE as POINTS_BY_TYPE_CAPTION,
  STATEMENT_SUMMARY_TITLE,
  statementHeading,
} from '@playrep/contracts';
import type { ReactNode } from 'react';
import { GiftPointsFigures, OPEN_WEEK_TEXT } from '../../../components/report/GiftPointsFigures';
import { MemberLink } from '../../../components/report/MemberLink';
import { formatAmount } from '../../../lib/format';
import { StatementTable } from './StatementTable';

/** Members from which a print in two columns is worth trying (print-fit.ts decides). */
const SPLIT_FROM_ROWS = 30;

/**
 * The members with their total row; a long list also in two halves side by side, a form only
 * the print layout shows (statement-print.css), when it allows larger text than one column.
 */
function MembersTable({ rows, memberId }: { rows: readonly AgentMailRow[]; memberId: (row: AgentMailRow) => ReactNode }) {
  const table = (part: readonly AgentMailRow[], totalOf: readonly AgentMailRow[] | null) => (
    <StatementTable
      caption={MEMBERS_CAPTION}
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

export { statementHeading } from '@playrep/contracts';

/** Under the heading of an open week: its figures are live, not final. */
export function OpenWeekNote({ open }: { open: boolean }) {
  if (!open) return null;
  return (
    <Group gap="xs">
      <Badge color="yellow.3" c="dark.9" variant="filled">
        Open
      </Badge>
      <Text size="sm">{OPEN_WEEK_TEXT}: this week is not closed yet, its figures are not final.</Text>
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
            {OTHER_CAFES_MARK}
          </Badge>
        </>
      )}
    </>
  );

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {statementHeading(data.fromDate, data.toDate)}
      </Title>
      <OpenWeekNote open={data.open} />
      <Text size="sm">
        Statement of {data.account.username}, commission {data.totals.usercommission}%
      </Text>
      <MembersTable rows={data.data} memberId={memberId} />
      {data.userFound.length > 0 && (
        <Text size="xs" c="gray.8">
          {OTHER_CAFES_MARK}: also played at other agents' cafes in this week:{' '}
          {data.userFound
            .map((u) => `${u.username} (play ${formatAmount(u.playPoints)}, points used ${formatAmount(u.profit)})`)
            .join('; ')}
          .
        </Text>
      )}
      <StatementTable
        caption={POINTS_BY_TYPE_CAPTION}
        columns={AGENT_MAIL_POINTS_BY_TYPE_COLUMNS}
        rows={data.pointsByType}
        rowKey={(row) => row.type}
      />
      <GiftPointsFigures label={STATEMENT_SUMMARY_TITLE} className="mail-statement-summary" statement={data.statement} />
    </Stack>
  );
}
