import { Anchor, Text } from '@mantine/core';
import { LOAN_COLUMNS, LOAN_SORTS, type LoanRow } from '@playrep/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { LIST_PAGING_DEFAULTS, useListReport } from '../../../components/report/list-paging';
import { PageFrame } from '../../../components/report/PageFrame';
import { useReportSubject } from '../../../components/report/ReportSubject';
import { ReportTable } from '../../../components/report/ReportTable';
import { SubjectFilters } from '../../../components/report/SubjectFilters';
import { tableColumns } from '../../../components/report/table-columns';
import { DEFAULT_PAGE_SIZES } from '../../../components/ui';
import { useMessages } from '../../../lib/i18n/messages';
import type { ReportCallApi } from '../../../lib/report-call';
import { useUrlFilters } from '../../../lib/url-state';
import { LOAN_PAGE_SIZE } from './constants';

const COLUMNS = tableColumns<LoanRow>(LOAN_COLUMNS);

/** 3 rows a page (docs/screens.md), or a size the pager offers. */
const PAGE_SIZES = [LOAN_PAGE_SIZE, ...DEFAULT_PAGE_SIZES];

/** The columns with each Agent ID a link to `agentHref` of its row. */
function linkedColumns(agentHref: (row: LoanRow) => string) {
  return tableColumns<LoanRow>(LOAN_COLUMNS, {
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
  /** The screen's call: a page of its list, and the download of all of it. */
  call: Pick<LoanCall, 'useReport' | 'exportHref'>;
  /** Multiple Cybers shows its table only when rows exist, else 'No data available' (docs/screens.md). */
  tableOnlyWithRows: boolean;
  /** Where an Agent ID leads (Multiple Cybers: that agent's Cafe Profit); plain text without. */
  agentHref?: (row: LoanRow) => string;
}

/**
 * Computer Loan and Multiple Cybers: Sr. No., Agent ID, total loan, Prossing loan, Days from Last
 * Deduction, 3 rows a page (docs/screens.md), with CSV/Excel downloads. The only filter is the
 * report subject, kept in the URL by the picker. One page of the masters comes from the server,
 * sorted there, with the total row over every one; Sr. No. is the row's place in the whole list,
 * and the download has every row, in the order shown.
 */
export function LoanReport({ definition }: { definition: LoanReportDefinition }) {
  const { title, call, tableOnlyWithRows, agentHref } = definition;
  const { t, label } = useMessages();
  const columns = useMemo(() => (agentHref ? linkedColumns(agentHref) : COLUMNS), [agentHref]);
  const { subjectId } = useReportSubject();
  const url = useUrlFilters(LIST_PAGING_DEFAULTS);
  const { report, table } = useListReport(
    call,
    { id: subjectId },
    { label: title, url, sorts: LOAN_SORTS, pageSizes: PAGE_SIZES, totals: (answer) => answer.totals },
  );
  const { data, error } = report;
  // Rows in the whole list, not only on the page asked.
  const hasRows = data !== undefined && (data.total ?? data.data.length) > 0;
  const showTable = data !== undefined && (!tableOnlyWithRows || hasRows);

  return (
    <PageFrame title={title} loading={report.isFetching} error={error}>
      <SubjectFilters />
      {showTable && <ReportTable {...table} columns={columns} defaultPageSize={LOAN_PAGE_SIZE} ariaLabel={label(title)} />}
      {data && !showTable && !error && <Text>{t('report.noData')}</Text>}
    </PageFrame>
  );
}
