import { AGENT_DETAILS_COLUMNS, type AgentRow } from '@playrep/contracts';
import { PageFrame } from '../../components/report/PageFrame';
import { ReportTable } from '../../components/report/ReportTable';
import { SubjectFilters } from '../../components/report/SubjectFilters';
import { type Numbered, tableColumns } from '../../components/report/table-columns';
import { useSubjectReport } from '../../components/report/use-subject-report';
import type { ScreenPageProps } from '../../config/navigation';
import { agentDetailsExport, useAgentDetails } from './api/agent-details';

const COLUMNS = tableColumns<Numbered<AgentRow>>(AGENT_DETAILS_COLUMNS);

/** Agent Details: every master in the subject's subtree with its location and profit share. */
export default function AgentDetailsPage({ screen }: ScreenPageProps) {
  const { params, report, rows } = useSubjectReport(useAgentDetails, screen.label);

  return (
    <PageFrame title={screen.label} error={report.error}>
      <SubjectFilters />
      <ReportTable
        report={report}
        columns={COLUMNS}
        rows={rows}
        ariaLabel={screen.label}
        exportHref={agentDetailsExport(params)}
      />
    </PageFrame>
  );
}
