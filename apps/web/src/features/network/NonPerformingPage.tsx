import { Group, Paper, Text, Title } from '@mantine/core';
import { type AgentRow, NON_PERFORMING_COLUMNS } from '@playrep/contracts';
import { useId } from 'react';
import { LIST_PAGING_DEFAULTS, useListReport } from '../../components/report/list-paging';
import { PageFrame } from '../../components/report/PageFrame';
import { useReportSubject } from '../../components/report/ReportSubject';
import { ReportTable } from '../../components/report/ReportTable';
import { SubjectFilters } from '../../components/report/SubjectFilters';
import { tableColumns } from '../../components/report/table-columns';
import { DEFAULT_PAGE_SIZES } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { formatInt } from '../../lib/format';
import { useMessages } from '../../lib/i18n/messages';
import { useUrlFilters } from '../../lib/url-state';
import { nonPerformingCall } from './api/non-performing';

const COLUMNS = tableColumns<AgentRow>(NON_PERFORMING_COLUMNS);
/** The columns the server sorts by (Sr. No. is the position). */
const SORTS = ['username', 'fullname'] as const;
/** Non Performing CCS pages by 3 (docs/screens.md, Non Performing CCS), or by a size the pager offers. */
const PAGE_SIZE = 3;
const PAGE_SIZES = [PAGE_SIZE, ...DEFAULT_PAGE_SIZES];

function Count({ label, value, loading }: { label: string; value: number | undefined; loading: boolean }) {
  const id = useId();
  return (
    <Paper withBorder px="md" py="xs" role="group" aria-labelledby={id}>
      <Text size="sm" id={id}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value === undefined ? (loading ? '…' : '-') : formatInt(value)}
      </Text>
    </Paper>
  );
}

/**
 * Non Performing CCS: how many agents (masters) are in the subject's subtree, how many of them are
 * inactive (they cannot sign in), and the inactive ones.
 */
export default function NonPerformingPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const { t } = useMessages();
  const url = useUrlFilters(LIST_PAGING_DEFAULTS);
  // One page of the inactive agents from the server; the download has every one, in the order shown.
  const { report, table } = useListReport(
    nonPerformingCall,
    { id: subjectId },
    { label: screen.label, url, sorts: SORTS, pageSizes: PAGE_SIZES },
  );

  return (
    <PageFrame title={screen.label} error={report.error}>
      <SubjectFilters />
      {!report.error && (
        <>
          <Group gap="md">
            <Count label={t('network.nonPerforming.totalAgents')} value={report.data?.totalAgents} loading={report.isFetching} />
            {/* What inactive means to the user (docs/domain.md, Accounts: an inactive account cannot sign in). */}
            <Count
              label={t('network.nonPerforming.inactiveAgentsCount')}
              value={report.data?.inactiveAgents}
              loading={report.isFetching}
            />
          </Group>
          <Title order={2} size="h4">
            {t('network.nonPerforming.inactiveAgents')}
          </Title>
          <ReportTable
            {...table}
            columns={COLUMNS}
            defaultPageSize={PAGE_SIZE}
            ariaLabel={t('network.nonPerforming.inactiveAgents')}
          />
        </>
      )}
    </PageFrame>
  );
}
