import { Group, Paper, Text, Title } from '@mantine/core';
import { type AgentRow, NON_PERFORMING_COLUMNS } from '@playrep/contracts';
import { useId } from 'react';
import { PageFrame } from '../../components/report/PageFrame';
import { SubjectFilters } from '../../components/report/SubjectFilters';
import { type Numbered, tableColumns } from '../../components/report/table-columns';
import { useSubjectReport } from '../../components/report/use-subject-report';
import { DataTable } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { formatInt } from '../../lib/format';
import { nonPerformingExport, useNonPerforming } from './api/non-performing';

const COLUMNS = tableColumns<Numbered<AgentRow>>(NON_PERFORMING_COLUMNS);
/** Non Performing CCS pages by 3 (docs/screens.md, Non Performing CCS). */
const PAGE_SIZE = 3;

export const TOTAL_AGENTS_LABEL = 'Total agents';
export const INACTIVE_AGENTS_LABEL = 'Inactive agents';
/** What inactive means to the user (docs/domain.md, Accounts: an inactive account cannot sign in). */
const INACTIVE_AGENTS_COUNT_LABEL = `${INACTIVE_AGENTS_LABEL} (cannot sign in)`;

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
  const { params, report, rows } = useSubjectReport(useNonPerforming, screen.label);

  return (
    <PageFrame title={screen.label} error={report.error}>
      <SubjectFilters />
      {!report.error && (
        <>
          <Group gap="md">
            <Count label={TOTAL_AGENTS_LABEL} value={report.data?.totalAgents} loading={report.isFetching} />
            <Count label={INACTIVE_AGENTS_COUNT_LABEL} value={report.data?.inactiveAgents} loading={report.isFetching} />
          </Group>
          <Title order={2} size="h4">
            {INACTIVE_AGENTS_LABEL}
          </Title>
          <DataTable
            columns={COLUMNS}
            rows={rows}
            defaultPageSize={PAGE_SIZE}
            loading={report.isFetching}
            ariaLabel={INACTIVE_AGENTS_LABEL}
            exportHref={nonPerformingExport(params)}
            getRowId={(row) => row._id}
          />
        </>
      )}
    </PageFrame>
  );
}
