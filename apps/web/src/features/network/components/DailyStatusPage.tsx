import { DAILY_STATUS_COLUMNS, type DailyStatusRow } from '@playrep/contracts';
import { useMemo, useState } from 'react';
import { PageFrame } from '../../../app/page-frame';
import { SubjectPicker, useReportSubject } from '../../../components/report/ReportSubject';
import { DataTable, DatePickerField, ReportToolbar } from '../../../components/ui';
import type { ScreenPageProps } from '../../../config/navigation';
import { isApiDate, todayIst } from '../../../lib/format';
import { useUrlFilters } from '../../../lib/url-state';
import { dailyStatusExport, useDailyStatus } from '../api/daily-status';
import type { DailyStatusMembersParams } from '../api/daily-status-members';
import { AmountButton } from './CellButtons';
import { MembersElsewherePopup } from './MembersElsewherePopup';
import { type Numbered, numbered, tableColumns } from './table-columns';
import { useDraft } from './use-draft';
import { useReportErrorLog } from './use-report-error-log';

type Row = Numbered<DailyStatusRow>;

/**
 * Daily Status: each master's profit on one day (Select Date, Show Details). A profit opens the
 * popup of that agent's members who played in other agents' cafes that day.
 */
export default function DailyStatusPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const today = todayIst();
  const { filters, setFilters } = useUrlFilters({ date: today });
  const date = isApiDate(filters.date) ? filters.date : today;
  const [draft, setDraft] = useDraft<string | null>(date);
  const [members, setMembers] = useState<DailyStatusMembersParams | null>(null);

  const params = { id: subjectId, date };
  const report = useDailyStatus(params);
  useReportErrorLog(screen.label, report.error);
  const rows = useMemo(() => numbered(report.data?.data ?? []), [report.data]);

  const columns = useMemo(
    () =>
      tableColumns<Row>(DAILY_STATUS_COLUMNS, {
        profit: {
          render: (row) => (
            <AmountButton
              value={row.profit}
              description={`show members of ${row.username} who played in other agents' cafes`}
              onClick={() => setMembers({ id: subjectId, agentId: row.username, date })}
            />
          ),
        },
      }),
    [subjectId, date],
  );

  const showDetails = () => {
    // Show Details on the same day fetches again.
    if (!setFilters({ date: draft ?? today })) void report.refetch();
  };

  return (
    <PageFrame title={screen.label} error={report.error}>
      <ReportToolbar onSubmit={showDetails} loading={report.isFetching}>
        <SubjectPicker />
        <DatePickerField label="Select Date" value={draft} onChange={setDraft} maxDate={today} />
      </ReportToolbar>
      <DataTable
        columns={columns}
        rows={rows}
        loading={report.isFetching}
        ariaLabel={screen.label}
        exportHref={dailyStatusExport(params)}
        getRowId={(row) => row._id}
      />
      <MembersElsewherePopup params={members} onClose={() => setMembers(null)} />
    </PageFrame>
  );
}
