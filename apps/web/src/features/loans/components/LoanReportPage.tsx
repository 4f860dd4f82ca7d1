import { Group, Text } from '@mantine/core';
import { LOAN_COLUMNS, type LoanRow } from '@playrep/contracts';
import { useEffect, useMemo } from 'react';
import { PageFrame } from '../../../app/page-frame';
import { SubjectPicker, useReportSubject } from '../../../components/report/ReportSubject';
import { DataTable, DEFAULT_EMPTY_TEXT } from '../../../components/ui';
import type { LoanCall } from '../api/loan-call';
import { LOAN_PAGE_SIZE } from './constants';
import { type Numbered, numbered, tableColumns } from './table-columns';

const COLUMNS = tableColumns<Numbered<LoanRow>>(LOAN_COLUMNS);

export interface LoanReportDefinition {
  title: string;
  call: LoanCall;
  /** Multiple Cybers shows its table only when rows exist (spec section 2), else 'No data available'. */
  tableOnlyWithRows: boolean;
}

/**
 * Computer Loan and Multiple Cybers: Sr. No., Agent ID, total loan, Prossing loan, Days from Last
 * Deduction, 3 rows a page (spec section 9), with CSV/Excel downloads. The only filter is the
 * report subject, kept in the URL by the picker.
 */
export function LoanReportPage({ definition }: { definition: LoanReportDefinition }) {
  const { title, call, tableOnlyWithRows } = definition;
  const { subjectId } = useReportSubject();
  const params = { id: subjectId };
  const report = call.useReport(params);
  const { data, error, isFetching } = report;
  useEffect(() => {
    if (error) console.error(`${title}: the report could not be loaded`, error);
  }, [title, error]);
  const rows = useMemo(() => numbered(data?.data ?? []), [data]);
  const showTable = data !== undefined && (!tableOnlyWithRows || rows.length > 0);

  return (
    <PageFrame title={title} loading={isFetching} error={error}>
      <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Report filters">
        <SubjectPicker />
      </Group>
      {showTable && (
        <DataTable
          columns={COLUMNS}
          rows={rows}
          loading={isFetching}
          defaultPageSize={LOAN_PAGE_SIZE}
          ariaLabel={title}
          exportHref={call.exportHref(params)}
          getRowId={(row) => row._id}
        />
      )}
      {data && !showTable && !error && <Text>{DEFAULT_EMPTY_TEXT}</Text>}
    </PageFrame>
  );
}
