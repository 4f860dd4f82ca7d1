import { Badge, Box, Group, Stack, Table, Text, Title } from '@mantine/core';
import { REVENUE_COLUMNS, type RevenueRow, WEEK_MEMBER_COLUMNS, type WeekMemberRow } from '@playrep/contracts';
import { useEffect, useMemo, useState } from 'react';
import { DataTable, formatCellValue, NEGATIVE_COLOR, Popup } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, toNumber } from '../../../lib/format';
import { type RevenueWeekParams, revenueWeekExport, useRevenueWeek } from '../api/revenue-week';
import { GiftPointsSummary } from './GiftPointsSummary';
import { type Numbered, numbered, tableColumns } from './table-columns';

// A heading, not the table's caption: the caption's dimmed colour falls below AA contrast.
const MEMBERS_TITLE = 'Points Used By The Members';
const MEMBER_COLUMNS = tableColumns<Numbered<WeekMemberRow>>(WEEK_MEMBER_COLUMNS);
// The week's own figures: the revenue columns without Sr. No.
const WEEK_COLUMNS = REVENUE_COLUMNS.filter((c) => c.key !== 'srNo');

const WEEK_FIGURES = 'Revenue of the week';

/** The week's row; it scrolls sideways in a narrow popup (a focusable region, so keys scroll it too). */
function WeekFigures({ week }: { week: RevenueRow }) {
  return (
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={WEEK_FIGURES}>
      <Table withTableBorder withColumnBorders aria-label={WEEK_FIGURES}>
        <Table.Thead>
          <Table.Tr>
            {WEEK_COLUMNS.map((c) => (
              <Table.Th key={c.key} style={c.type === 'float' ? { textAlign: 'right' } : undefined}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            {WEEK_COLUMNS.map((c) => {
              const value = week[c.key as keyof RevenueRow];
              const negative = c.negativeRed && (toNumber(value) ?? 0) < 0;
              return (
                <Table.Td
                  key={c.key}
                  data-negative={negative || undefined}
                  style={{
                    textAlign: c.type === 'float' ? 'right' : undefined,
                    whiteSpace: 'nowrap',
                    color: negative ? NEGATIVE_COLOR : undefined,
                  }}
                >
                  {formatCellValue(c.type, value)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/**
 * The week-details popup of Revenue (spec section 2, Popups): the week's revenue, the points used
 * by each member (direct child) with their total, and the gift-points lines of spec section 9.
 */
export function WeekPopup({ params, onClose }: { params: RevenueWeekParams | null; onClose: () => void }) {
  // The last week stays shown while the popup fades out.
  const [shown, setShown] = useState(params);
  if (params && params !== shown) setShown(params);
  const week = useRevenueWeek(shown);
  const { data, error, isFetching } = week;
  useEffect(() => {
    if (error) console.error('Revenue week: the week could not be loaded', error);
  }, [error]);
  const rows = useMemo(() => numbered(data?.members ?? []), [data]);

  const title = shown && data ? `Week ${formatDate(data.week.fromDate)} to ${formatDate(data.week.toDate)}` : 'Week details';
  const exportLinks = shown ? revenueWeekExport(shown) : null;

  return (
    <Popup opened={params !== null} onClose={onClose} title={title} size="xl">
      {error ? (
        <Text role="alert" style={{ color: NEGATIVE_COLOR }}>
          {errorMessage(error)}
        </Text>
      ) : (
        <Stack gap="sm">
          {data ? (
            <>
              <Group gap="xs">
                <Text size="sm">
                  {data.account.username}: {data.week.open ? 'this week is still open (computed live)' : 'closed week'}
                </Text>
                {data.week.open && (
                  <Badge color="yellow.3" c="dark.9" variant="filled">
                    Open
                  </Badge>
                )}
              </Group>
              <WeekFigures week={data.week} />
            </>
          ) : (
            isFetching && <Text role="status">Loading…</Text>
          )}
          <Title order={3} size="h5">
            {MEMBERS_TITLE}
          </Title>
          <DataTable
            columns={MEMBER_COLUMNS}
            rows={rows}
            loading={isFetching}
            ariaLabel={MEMBERS_TITLE}
            exportHref={exportLinks ?? undefined}
            getRowId={(row) => row._id}
          />
          {data && <GiftPointsSummary summary={data.summary} loan={data.loan} />}
        </Stack>
      )}
    </Popup>
  );
}
