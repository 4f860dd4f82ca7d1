import { AGENT_DETAILS_COLUMNS, type AgentRow } from '@playrep/contracts';
import { useMemo } from 'react';
import { PageFrame } from '../../../app/page-frame';
import { SubjectPicker, useReportSubject } from '../../../components/report/ReportSubject';
import { DataTable } from '../../../components/ui';
import type { ScreenPageProps } from '../../../config/navigation';
import { agentDetailsExport, useAgentDetails } from '../api/agent-details';
import { FiltersRow } from './FiltersRow';
import { type Numbered, numbered, tableColumns } from './table-columns';
import { useReportErrorLog } from './use-report-error-log';

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
      <FiltersRow>
        <SubjectPicker />
      </FiltersRow>
      <DataTable
        columns={COLUMNS}
        rows={rows}
        loading={report.isFetching}
        ariaLabel={screen.label}
        exportHref={agentDetailsExport(params)}
        getRowId={(row) => row._id}
      />
    </PageFrame>
  );
}
