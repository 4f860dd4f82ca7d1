import { AGENT_STATUS_COLUMNS, type AgentStatusResponse } from '@playrep/contracts';
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
import { isApiDate, todayIst } from '../../lib/format';
import { label, useMessages } from '../../lib/i18n/messages';
import { useUrlFilters } from '../../lib/url-state';
import { agentStatusCall } from './api/agent-status';
import { AgentIdField } from './components/AgentIdField';

const COLUMNS = tableColumns<AgentStatusResponse['data'][number]>(AGENT_STATUS_COLUMNS);
/** The columns the server sorts by. */
const SORTS = AGENT_STATUS_COLUMNS.map((column) => column.key);

/** Agent Status: profit on one day of one agent (Agent ID) or of every master in the subject's subtree. */
export default function AgentStatusPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const { t } = useMessages();
  const today = todayIst();
  const url = useUrlFilters({ date: today, agentId: '', ...LIST_PAGING_DEFAULTS });
  const { filters, setFilters } = url;
  const date = isApiDate(filters.date) ? filters.date : today;
  const [draftDate, setDraftDate] = useDraft<string | null>(date);
  const [draftAgent, setDraftAgent] = useDraft(filters.agentId);

  // The call takes a range: the one Select Date is both bounds (docs/screens.md, Agent Status).
  // One page of the masters from the server; the download has every one, in the order shown.
  const { report, table } = useListReport(
    agentStatusCall,
    { id: subjectId, fromDate: date, toDate: date, agentId: filters.agentId },
    {
      label: screen.label,
      url,
      sorts: SORTS,
      totals: ({ totalProfit }) => (totalProfit === undefined ? undefined : { profit: totalProfit }),
    },
  );

  const showDetails = () => {
    if (!setFilters({ date: draftDate ?? today, agentId: draftAgent.trim(), page: '' })) void report.refetch();
  };

  return (
    <PageFrame title={screen.label} error={report.error} live={report.live}>
      <ReportToolbar onSubmit={showDetails} loading={report.isFetching}>
        <SubjectPicker />
        <DatePickerField value={draftDate} onChange={setDraftDate} minDate={FIRST_REPORT_DAY} maxDate={today} />
        <AgentIdField placeholder={t('network.agentStatus.allAgents')} value={draftAgent} onChange={setDraftAgent} />
      </ReportToolbar>
      <ReportTable {...table} columns={COLUMNS} ariaLabel={label(screen.label)} />
    </PageFrame>
  );
}
