import { Text } from '@mantine/core';
import { DAILY_STATUS_COLUMNS, type DailyStatusRow } from '@playrep/contracts';
import { useMemo, useState } from 'react';
import { AmountButton } from '../../components/report/AmountButton';
import { LIST_PAGING_DEFAULTS, useListReport } from '../../components/report/list-paging';
import { PageFrame } from '../../components/report/PageFrame';
import { SubjectPicker, useReportSubject } from '../../components/report/ReportSubject';
import { ReportTable } from '../../components/report/ReportTable';
import { tableColumns } from '../../components/report/table-columns';
import { useDraft } from '../../components/report/use-draft';
import { ReportToolbar } from '../../components/ui';
import { DatePickerField } from '../../components/ui/DatePicker';
import type { ScreenPageProps } from '../../config/navigation';
import { FIRST_REPORT_DAY } from '../../config/report-years';
import { formatDate, isApiDate, todayIst } from '../../lib/format';
import { label, message, useMessages } from '../../lib/i18n/messages';
import { useUrlFilters } from '../../lib/url-state';
import { dailyStatusCall } from './api/daily-status';
import { type MembersElsewhere, MembersElsewherePopup } from './components/MembersElsewherePopup';

type Row = DailyStatusRow;

/** The columns the server sorts by (Sr. No. is the position). */
const SORTS = ['address', 'username', 'profit'] as const;

/**
 * Daily Status: each master's profit on one day (Select Date, Show Details). A profit opens the
 * popup of that agent's members who played in other agents' cafes that day. The day shown is
 * named above the table, so a cleared Select Date (today, the default) never leaves it unsaid.
 */
export default function DailyStatusPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const { t } = useMessages();
  const today = todayIst();
  const url = useUrlFilters({ date: today, ...LIST_PAGING_DEFAULTS });
  const { filters, setFilters } = url;
  const date = isApiDate(filters.date) ? filters.date : today;
  const [draft, setDraft] = useDraft<string | null>(date);
  const [members, setMembers] = useState<MembersElsewhere | null>(null);

  // The call takes a range: the one Select Date is both bounds (docs/screens.md, Daily Status).
  // One page of the masters from the server; the download has every one, in the order shown.
  const { report, table } = useListReport(
    dailyStatusCall,
    { id: subjectId, fromDate: date, toDate: date },
    { label: screen.label, url, sorts: SORTS, totals: ({ totalProfit }) => ({ profit: totalProfit }) },
  );

  const columns = useMemo(
    () =>
      tableColumns<Row>(DAILY_STATUS_COLUMNS, {
        profit: {
          render: (row) => (
            <AmountButton
              value={row.profit}
              description={message('network.dailyStatus.showMembers', { agent: row.username })}
              onClick={() => setMembers({ subjectId, agentId: row.username, date })}
            />
          ),
        },
      }),
    [subjectId, date],
  );

  const showDetails = () => {
    // Show Details on the same day fetches again.
    if (!setFilters({ date: draft ?? today, page: '' })) void report.refetch();
  };

  return (
    <PageFrame title={screen.label} error={report.error} live={report.live}>
      <ReportToolbar onSubmit={showDetails} loading={report.isFetching}>
        <SubjectPicker />
        <DatePickerField value={draft} onChange={setDraft} minDate={FIRST_REPORT_DAY} maxDate={today} />
      </ReportToolbar>
      <Text size="sm">{t('network.dailyStatus.profitOn', { day: formatDate(date) })}</Text>
      <ReportTable {...table} columns={columns} ariaLabel={label(screen.label)} />
      <MembersElsewherePopup of={members} onClose={() => setMembers(null)} />
    </PageFrame>
  );
}
