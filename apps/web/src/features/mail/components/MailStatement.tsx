import { Badge, Stack, Text, Title } from '@mantine/core';
import { MAIL_COLUMNS, MAIL_POINTS_BY_TYPE_COLUMNS, type MailResponse, type MailRow } from '@playrep/contracts';
import { formatAmount, formatDate } from '../../../lib/format';
import { StatementSummary } from './StatementSummary';
import { StatementTable } from './StatementTable';

export const MEMBERS_CAPTION = 'Your Members Played in Other Agents CyberCafe';
export const POINTS_BY_TYPE_CAPTION = 'Total Points Used';
/** The mark of a member who also played at another agent's cafe in the period (words, not colour). */
export const OTHER_CAFES_MARK = 'Other cafes';

/** 'From 05-Mar-2025 to 11-Mar-2025' (spec section 2). */
export const statementHeading = (fromDate: string, toDate: string) => `From ${formatDate(fromDate)} to ${formatDate(toDate)}`;

/**
 * The mail statement as spec section 2 lays it out: the heading, the members table with its total
 * row (members who also played at other agents' cafes are marked), the 'Total Points Used' table
 * by game and the summary text. Laid out to print on one A4 page (statement-print.css).
 */
export function MailStatement({ data }: { data: MailResponse }) {
  const elsewhere = new Map(data.userFound.map((u) => [u.username, u]));
  const memberId = (row: MailRow) =>
    elsewhere.has(row.username) ? (
      <>
        {row.username}{' '}
        <Badge size="xs" variant="outline" color="dark" radius="sm" ml={4}>
          {OTHER_CAFES_MARK}
        </Badge>
      </>
    ) : (
      row.username
    );

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {statementHeading(data.fromDate, data.toDate)}
      </Title>
      <Text size="sm">
        Statement of {data.account.username}, commission {data.totals.usercommission}%
      </Text>
      <StatementTable
        caption={MEMBERS_CAPTION}
        columns={MAIL_COLUMNS}
        rows={data.data}
        rowKey={(row) => row._id}
        render={{ username: memberId }}
      />
      {data.userFound.length > 0 && (
        <Text size="xs" c="gray.8">
          {OTHER_CAFES_MARK}: also played at other agents' cafes in this period:{' '}
          {data.userFound
            .map((u) => `${u.username} (play ${formatAmount(u.playPoints)}, points used ${formatAmount(u.profit)})`)
            .join('; ')}
          .
        </Text>
      )}
      <StatementTable
        caption={POINTS_BY_TYPE_CAPTION}
        columns={MAIL_POINTS_BY_TYPE_COLUMNS}
        rows={data.pointsByType}
        rowKey={(row) => row.type}
      />
      <StatementSummary summary={data.summary} loan={data.loan} />
    </Stack>
  );
}
