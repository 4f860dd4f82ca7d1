import { Text, UnstyledButton } from '@mantine/core';
import { CAFE_PROFIT_COLUMNS, CAFE_PROFIT_PAGE_SIZES, CAFE_PROFIT_SORTS, type CafeProfitRow } from '@playrep/contracts';
import { useMemo, useState } from 'react';
import { PageFrame } from '../../components/report/PageFrame';
import { SubjectPicker, useReportSubject } from '../../components/report/ReportSubject';
import { lastSevenDays } from '../../components/report/report-dates';
import { tableColumns } from '../../components/report/table-columns';
import { UrlPagedTable } from '../../components/report/UrlPagedTable';
import { keySort, pagingOf, sortOf } from '../../components/report/url-paging';
import { useRangeFilters } from '../../components/report/use-range-filters';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { ReportToolbar } from '../../components/ui';
import { DateRangePicker } from '../../components/ui/DatePicker';
import type { ScreenPageProps } from '../../config/navigation';
import { FIRST_REPORT_DAY, LAST_REPORT_DAY, withinReportYears } from '../../config/report-years';
import { label, message, useMessages } from '../../lib/i18n/messages';
import { reportCall } from '../../lib/report-call';
import { CafeTerminalsPopup, type TerminalsOf } from './components/CafeTerminalsPopup';

/**
 * `GET /api/playrep/cafeprofit?id&fromDate&toDate&page&pageSize&sort&order`: one page of the cafes
 * of the subject's masters with the plays made there, sorted on the server; totals over every cafe.
 * Its export is every cafe.
 */
const { useReport: useCafeProfit, exportHref: cafeProfitExport } = reportCall('cafeProfit');

/** Page, size and sort in the URL beside the range: by agent, then cafe. */
const PAGING = { page: '1', pageSize: String(CAFE_PROFIT_PAGE_SIZES[0]), sort: 'master', order: 'asc' };

/**
 * Cafe Profit (docs/screens.md, Cafe Profit): every cafe of the subject's masters with the plays
 * made there over the range, whoever played, split into the owner's own members and the others.
 * Each cafe's name opens its terminals. Paged and sorted on the server (a network has hundreds of
 * cafes); the total row is the server's, over every cafe.
 */
export default function CafeProfitPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const { t } = useMessages();
  const { filters, setFilters, draft, setDraft, apply } = useRangeFilters(lastSevenDays(), PAGING);
  const { page, pageSize, order } = pagingOf(filters, CAFE_PROFIT_PAGE_SIZES, 'asc');
  const sort = sortOf(filters.sort, CAFE_PROFIT_SORTS, 'master');
  const params = { id: subjectId, fromDate: filters.fromDate, toDate: filters.toDate, sort, order };
  const report = useCafeProfit({ ...params, page, pageSize });
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error);
  const [terminals, setTerminals] = useState<TerminalsOf | null>(null);
  const range = data?.range;

  const columns = useMemo(
    () =>
      tableColumns<CafeProfitRow>(CAFE_PROFIT_COLUMNS, {
        cafe: {
          render: (row) => (
            <UnstyledButton
              fz="sm"
              td="underline"
              c="blue.9"
              aria-label={message('insight.cafeProfit.showTerminals', { cafe: row.cafe })}
              onClick={() =>
                range &&
                setTerminals({ subjectId, cafeId: row.cafeId, cafe: row.cafe, fromDate: range.fromDate, toDate: range.toDate })
              }
            >
              {row.cafe}
            </UnstyledButton>
          ),
        },
      }),
    [subjectId, range],
  );

  const showDetails = () => {
    if (!apply({ page: '1' })) void report.refetch();
  };

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error} live={report.live}>
      <ReportToolbar onSubmit={showDetails} loading={isFetching}>
        <SubjectPicker />
        <DateRangePicker
          value={draft}
          onChange={(range) => setDraft(withinReportYears(range))}
          minDate={FIRST_REPORT_DAY}
          maxDate={LAST_REPORT_DAY}
        />
      </ReportToolbar>
      <Text size="sm">{t('insight.cafeProfit.note')}</Text>
      <UrlPagedTable
        report={report}
        paging={{ page, pageSize, pageSizes: CAFE_PROFIT_PAGE_SIZES, sort: keySort(sort, order), setFilters }}
        totals={data?.totals}
        columns={columns}
        ariaLabel={label(screen.label)}
        getRowId={(row) => row.cafeId}
        exportHref={range && cafeProfitExport({ ...params, fromDate: range.fromDate, toDate: range.toDate })}
      />
      <CafeTerminalsPopup of={terminals} onClose={() => setTerminals(null)} />
    </PageFrame>
  );
}
