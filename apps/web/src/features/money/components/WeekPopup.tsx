import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { REVENUE_COLUMNS, type RevenueRow, WEEK_MEMBER_COLUMNS, type WeekMemberRow } from '@playrep/contracts';
import { useMemo, useRef, useState } from 'react';
import { GiftPointsFigures, useStatementTexts } from '../../../components/report/GiftPointsFigures';
import { MemberLink } from '../../../components/report/MemberLink';
import { type Numbered, numbered, tableColumns } from '../../../components/report/table-columns';
import { useReportErrorLog } from '../../../components/report/use-report-error-log';
import {
  DataTable,
  formatCellValue,
  keyFigureCell,
  NEGATIVE_COLOR,
  Popup,
  SideScroll,
  useKeyFigurePins,
} from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, toNumber } from '../../../lib/format';
import { useMessages } from '../../../lib/i18n/messages';
import { revenueWeekExport, useRevenueWeek } from '../api/revenue-week';

const MEMBER_COLUMNS = tableColumns<Numbered<WeekMemberRow>>(WEEK_MEMBER_COLUMNS, {
  // A master's children are its members: each opens its member page.
  username: {
    type: 'custom',
    sortValue: (row) => row.username,
    render: (row) => (row.role === 'player' ? <MemberLink username={row.username} /> : row.username),
  },
});
// The week's own figures: the revenue columns without Sr. No.
const WEEK_COLUMNS = REVENUE_COLUMNS.filter((c) => c.key !== 'srNo');
const WEEK_KEY_COLUMNS = WEEK_COLUMNS.filter((c) => c.keyFigure).map((c) => c.key);

/**
 * The week's row; it scrolls sideways in a narrow popup, and shows that it does, Profit and
 * Actual Rev held in view.
 */
function WeekFigures({ week }: { week: RevenueRow }) {
  const { t, label } = useMessages();
  const figures = t('money.week.figures');
  const tableRef = useRef<HTMLTableElement>(null);
  const pins = useKeyFigurePins(tableRef, WEEK_KEY_COLUMNS);
  const pinOf = (c: (typeof WEEK_COLUMNS)[number]) => pins.get(c.key);
  return (
    <SideScroll label={figures}>
      <Table ref={tableRef} withTableBorder withColumnBorders aria-label={figures}>
        <Table.Thead>
          <Table.Tr>
            {WEEK_COLUMNS.map((c) => (
              <Table.Th key={c.key} {...keyFigureCell(pinOf(c), c.type === 'float' ? { textAlign: 'right' } : undefined)}>
                {label(c.header)}
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
                  {...keyFigureCell(pinOf(c), {
                    textAlign: c.type === 'float' ? 'right' : undefined,
                    whiteSpace: 'nowrap',
                    color: negative ? NEGATIVE_COLOR : undefined,
                  })}
                >
                  {formatCellValue(c.type, value)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </SideScroll>
  );
}

/** Which week the popup shows: the subject's week starting on `monday`. */
export interface WeekOf {
  subjectId: string | undefined;
  /** 'YYYY-MM-DD' (any day of the week would do; the report passes the week's Monday). */
  monday: string;
}

/**
 * The week popup of Revenue (docs/screens.md, Revenue): the week's revenue, the points used by
 * each member (direct child) with their total, and the week's statement (the gift-points lines
 * through to what is paid), the same as the mail statement's for that week.
 */
export function WeekPopup({ of, onClose }: { of: WeekOf | null; onClose: () => void }) {
  // The last week stays shown while the popup fades out.
  const { t } = useMessages();
  const texts = useStatementTexts();
  const [shown, setShown] = useState(of);
  if (of && of !== shown) setShown(of);
  const params = shown ? { id: shown.subjectId, fromDate: shown.monday } : {};
  // Another week starts empty, never under the previous week's figures.
  const week = useRevenueWeek(params, { enabled: shown !== null, keepPrevious: false });
  const { data, error, isFetching } = week;
  useReportErrorLog('Revenue week', error, 'week');
  const rows = useMemo(() => numbered(data?.members ?? []), [data]);

  const title =
    shown && data
      ? t('money.week.title', { from: formatDate(data.week.fromDate), to: formatDate(data.week.toDate) })
      : t('money.week.details');
  // A heading, not the table's caption: the caption's dimmed colour falls below AA contrast.
  const membersTitle = t('money.week.members');
  const exportLinks = shown ? revenueWeekExport(params) : null;

  return (
    <Popup opened={of !== null} onClose={onClose} title={title} size="xl">
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
                  <span translate="no">{data.account.username}</span>:{' '}
                  {data.week.open ? t('money.week.openNotClosed', { open: texts.openWeek }) : t('money.week.closed')}
                </Text>
                {data.week.open && (
                  <Badge color="yellow.3" c="dark.9" variant="filled">
                    {texts.open}
                  </Badge>
                )}
              </Group>
              <WeekFigures week={data.week} />
            </>
          ) : (
            isFetching && <Text role="status">{t('money.week.loading')}</Text>
          )}
          <Title order={3} size="h5">
            {membersTitle}
          </Title>
          <DataTable
            columns={MEMBER_COLUMNS}
            rows={rows}
            loading={isFetching}
            ariaLabel={membersTitle}
            exportHref={exportLinks ?? undefined}
            exportPdf
            getRowId={(row) => row._id}
          />
          {data && <GiftPointsFigures label={t('money.week.giftSummary')} statement={data.statement} />}
        </Stack>
      )}
    </Popup>
  );
}
