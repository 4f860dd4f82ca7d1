import { Anchor, Text } from '@mantine/core';
import { LOAN_COLUMNS, type LoanRow } from '@playrep/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/report/PageFrame';
import { useReportSubject } from '../../../components/report/ReportSubject';
import { SubjectFilters } from '../../../components/report/SubjectFilters';
import { type Numbered, numbered, tableColumns } from '../../../components/report/table-columns';
import { useReportErrorLog } from '../../../components/report/use-report-error-log';
import { DataTable } from '../../../components/ui';
import { useMessages } from '../../../lib/i18n/messages';
import type { ReportCallApi } from '../../../lib/report-call';
import { LOAN_PAGE_SIZE } from './constants';

const COLUMNS = tableColumns<Numbered<LoanRow>>(LOAN_COLUMNS);

/** The columns with each Agent ID a link to `agentHref` of its row. */
function linkedColumns(agentHref: (row: LoanRow) => string) {
  return tableColumns<Numbered<LoanRow>>(LOAN_COLUMNS, {
    username: {
      render: (row) => (
        <Anchor component={Link} to={agentHref(row)} size="sm">
          {row.username}
        </Anchor>
      ),
    },
  });
}

/** The loan calls (`computerloan`, `multiplecybers`) share one query and one answer. */
type LoanCall = ReportCallApi<'computerLoan'>;

export interface LoanReportDefinition {
  title: string;
  useReport: LoanCall['useReport'];
  exportHref: LoanCall['exportHref'];
  /** Multiple Cybers shows its table only when rows exist, else 'No data available' (docs/screens.md). */
  tableOnlyWithRows: boolean;
  /** Where an Agent ID leads (Multiple Cybers: that agent's Cafe Profit); plain text without. */
  agentHref?: (row: LoanRow) => string;
}

/**
 * Computer Loan and Multiple Cybers: Sr. No., Agent ID, total loan, Prossing loan, Days from Last
 * Deduction, 3 rows a page (docs/screens.md), with CSV/Excel downloads. The only filter is the
 * report subject, kept in the URL by the picker.
 */
export function LoanReport({ definition }: { definition: LoanReportDefinition }) {
  const { title, useReport, exportHref, tableOnlyWithRows, agentHref } = definition;
  const { t, label } = useMessages();
  const columns = useMemo(() => (agentHref ? linkedColumns(agentHref) : COLUMNS), [agentHref]);
  const { subjectId } = useReportSubject();
  const params = { id: subjectId };
  const report = useReport(params);
  const { data, error, isFetching } = report;
  useReportErrorLog(title, error);
  const rows = useMemo(() => numbered(data?.data ?? []), [data]);
  const showTable = data !== undefined && (!tableOnlyWithRows || rows.length > 0);

  return (
    <PageFrame title={title} loading={isFetching} error={error}>
      <SubjectFilters />
      {showTable && (
        <DataTable
          columns={columns}
          rows={rows}
          loading={isFetching}
          defaultPageSize={LOAN_PAGE_SIZE}
          ariaLabel={label(title)}
          exportHref={exportHref(params)}
          getRowId={(row) => row._id}
        />
      )}
      {data && !showTable && !error && <Text>{t('report.noData')}</Text>}
    </PageFrame>
  );
}
