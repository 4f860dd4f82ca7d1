import { TextInput } from '@mantine/core';
import { AGENT_STATUS_COLUMNS, type AgentStatusResponse } from '@playrep/contracts';
import { useMemo } from 'react';
import { PageFrame } from '../../../app/page-frame';
import { SubjectPicker, useReportSubject } from '../../../components/report/ReportSubject';
import { DataTable, DatePickerField, ReportToolbar } from '../../../components/ui';
import type { ScreenPageProps } from '../../../config/navigation';
import { isApiDate, todayIst } from '../../../lib/format';
import { useUrlFilters } from '../../../lib/url-state';
import { agentStatusExport, useAgentStatus } from '../api/agent-status';
import { tableColumns } from './table-columns';
import { useDraft } from './use-draft';
import { useReportErrorLog } from './use-report-error-log';

const COLUMNS = tableColumns<AgentStatusResponse['data'][number]>(AGENT_STATUS_COLUMNS);

/** Agent Status: profit on one day of one agent (Agent ID) or of every master in the subject's subtree. */
export default function AgentStatusPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const today = todayIst();
  const { filters, setFilters } = useUrlFilters({ date: today, agentId: '' });
  const date = isApiDate(filters.date) ? filters.date : today;
  const [draftDate, setDraftDate] = useDraft<string | null>(date);
  const [draftAgent, setDraftAgent] = useDraft(filters.agentId);

  const params = { id: subjectId, date, agentId: filters.agentId };
  const report = useAgentStatus(params);
  useReportErrorLog(screen.label, report.error);
  const rows = useMemo(() => report.data?.data ?? [], [report.data]);

  const showDetails = () => {
    if (!setFilters({ date: draftDate ?? today, agentId: draftAgent.trim() })) void report.refetch();
  };

  return (
    <PageFrame title={screen.label} error={report.error}>
      <ReportToolbar onSubmit={showDetails} loading={report.isFetching}>
        <SubjectPicker />
        <DatePickerField label="Select Date" value={draftDate} onChange={setDraftDate} maxDate={today} />
        <TextInput
          label="Agent ID"
          placeholder="All agents"
          value={draftAgent}
          onChange={(event) => setDraftAgent(event.currentTarget.value)}
          autoComplete="off"
          w={170}
        />
      </ReportToolbar>
      <DataTable
        columns={COLUMNS}
        rows={rows}
        loading={report.isFetching}
        ariaLabel={screen.label}
        exportHref={agentStatusExport(params)}
        getRowId={(row) => row._id}
      />
    </PageFrame>
  );
}
