import { Stack, Text, Title } from '@mantine/core';
import { MANAGER_MAIL_COLUMNS, type ManagerMailRow } from '@playrep/contracts';
import { useEffect } from 'react';
import { PageFrame } from '../../app/page-frame';
import { SubjectPicker } from '../../components/report/ReportSubject';
import { DataTable, type DataTableColumn, DateRangePicker, DEFAULT_EMPTY_TEXT, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { managerMailExport, useManagerMail } from './api/manager-mail';
import { statementHeading } from './components/MailStatement';
import { useMailFilters } from './components/use-mail-filters';

/**
 * The grid's columns, as the contract names them. Agent ID is plain text: the spec's username
 * link did nothing, and a link that goes nowhere only misleads (keyboard and screen reader users
 * most of all).
 */
const COLUMNS: DataTableColumn<ManagerMailRow>[] = MANAGER_MAIL_COLUMNS.map((def) => ({
  key: def.key,
  header: def.header,
  type: def.type,
  total: def.total,
  negativeRed: def.negativeRed,
}));

/**
 * Manager Mail Details (issue 5 point 7): the same date controls and load as Agent Mail Details,
 * then the sortable, paged grid (10 a page, 10-50) of each direct child's profit with its total
 * row, shown only when rows exist; 'No data available' otherwise.
 */
export default function ManagerMailPage({ screen }: ScreenPageProps) {
  const { params, draft, setDraft, apply } = useMailFilters();
  const report = useManagerMail(params);
  const { data, error, isFetching } = report;
  useEffect(() => {
    if (error) console.error(`${screen.label}: the report could not be loaded`, error);
  }, [screen.label, error]);

  const showDetails = () => {
    if (!apply()) void report.refetch();
  };
  const exportParams = data ? { id: params.id, fromDate: data.fromDate, toDate: data.toDate } : params;

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error}>
      <ReportToolbar onSubmit={showDetails} loading={isFetching}>
        <SubjectPicker />
        <DateRangePicker value={draft} onChange={setDraft} />
      </ReportToolbar>
      {data && !error && (
        <Stack gap="sm">
          <Title order={2} size="h3">
            {statementHeading(data.fromDate, data.toDate)}
          </Title>
          {data.data.length > 0 ? (
            <DataTable
              columns={COLUMNS}
              rows={data.data}
              loading={isFetching}
              ariaLabel={screen.label}
              exportHref={managerMailExport(exportParams)}
              getRowId={(row) => row._id}
            />
          ) : (
            <Text>{DEFAULT_EMPTY_TEXT}</Text>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
