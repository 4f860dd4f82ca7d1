import { type AgentRow, BALANCE_COLUMNS } from '@playrep/contracts';
import { useMemo, useState } from 'react';
import { PageFrame } from '../../components/report/PageFrame';
import { SubjectPicker, useReportSubject } from '../../components/report/ReportSubject';
import { ReportTable } from '../../components/report/ReportTable';
import { type Numbered, numbered, tableColumns } from '../../components/report/table-columns';
import { useDraft } from '../../components/report/use-draft';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { label, message, useMessages } from '../../lib/i18n/messages';
import { useUrlFilters } from '../../lib/url-state';
import { balanceReportExport, useBalanceReport } from './api/balance-report';
import { AgentIdField } from './components/AgentIdField';
import { BalanceChildrenPopup } from './components/BalanceChildrenPopup';
import { IdButton } from './components/IdButton';

type Row = Numbered<AgentRow>;
/** Balance Report pages by 3 (docs/screens.md, Balance Report). */
const PAGE_SIZE = 3;

/**
 * Balance Report: the wallet balances of the subject's direct children, or of the one account
 * whose username is the Agent ID (the server matches it exactly, within the manager's subtree).
 * An agent id opens the popup of its child accounts, from which the manager can go further down.
 */
export default function BalanceReportPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const { t } = useMessages();
  const { filters, setFilters } = useUrlFilters({ agentId: '' });
  const [draftAgent, setDraftAgent] = useDraft(filters.agentId);
  const [opened, setOpened] = useState<string | null>(null);

  const params = { id: subjectId, agentId: filters.agentId };
  const report = useBalanceReport(params);
  useReportErrorLog(screen.label, report.error);
  const rows = useMemo(() => numbered(report.data?.data ?? []), [report.data]);

  const columns = useMemo(
    () =>
      tableColumns<Row>(BALANCE_COLUMNS, {
        username: {
          render: (row) => (
            <IdButton
              username={row.username}
              description={message('network.balance.showChildren')}
              onClick={() => setOpened(row.username)}
            />
          ),
        },
      }),
    [],
  );

  const search = () => {
    if (!setFilters({ agentId: draftAgent.trim() })) void report.refetch();
  };

  return (
    <PageFrame title={screen.label} error={report.error}>
      <ReportToolbar onSubmit={search} submitLabel="Search" loading={report.isFetching}>
        <SubjectPicker />
        <AgentIdField placeholder={t('network.balance.allChildren')} value={draftAgent} onChange={setDraftAgent} />
      </ReportToolbar>
      <ReportTable
        report={report}
        columns={columns}
        rows={rows}
        defaultPageSize={PAGE_SIZE}
        ariaLabel={label(screen.label)}
        exportHref={balanceReportExport(params)}
      />
      <BalanceChildrenPopup subjectId={subjectId} agent={opened} onClose={() => setOpened(null)} />
    </PageFrame>
  );
}
