import { AGENT_DETAILS_COLUMNS, type AgentRow } from '@playrep/contracts';
import { useMemo } from 'react';
import { PageFrame } from '../../components/report/PageFrame';
import { useReportSubject } from '../../components/report/ReportSubject';
import { SubjectFilters } from '../../components/report/SubjectFilters';
import { type Numbered, numbered, tableColumns } from '../../components/report/table-columns';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { agentDetailsExport, useAgentDetails } from './api/agent-details';

const COLUMNS = tableColumns<Numbered<AgentRow>>(AGENT_DETAILS_COLUMNS);

/** Agent Details: every master in the subject's subtree with its location and profit share. */
export default function AgentDetailsPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const params = { id: subjectId };
  const report = useAgentDetails(params);
  useReportErrorLog(screen.label, report.error);
  const rows = useMemo(() => numbered(report.data?.data ?? []), [report.data]);

  return (
    <PageFrame title={screen.label} error={report.error}>
      <SubjectFilters />
      {!report.error && (
        <DataTable
          columns={COLUMNS}
          rows={rows}
          loading={report.isFetching}
          ariaLabel={screen.label}
          exportHref={agentDetailsExport(params)}
          getRowId={(row) => row._id}
        />
      )}
    </PageFrame>
  );
}
