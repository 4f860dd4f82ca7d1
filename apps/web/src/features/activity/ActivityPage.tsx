import { Select, Text, TextInput } from '@mantine/core';
import {
  ACTIVITY_COLUMNS,
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  ACTIVITY_PAGE_SIZES,
  ACTIVITY_SORTS,
  type ActivityKind,
  type ActivityRow,
} from '@playrep/contracts';
import { useMemo } from 'react';
import { PageFrame } from '../../components/report/PageFrame';
import { tableColumns } from '../../components/report/table-columns';
import { columnSort, pagingOf, sortOf, urlPaging, useLastPageWhenPastEnd } from '../../components/report/url-paging';
import { useDraft } from '../../components/report/use-draft';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { formatInt } from '../../lib/format';
import { rangeIncludesToday } from '../../lib/report-call';
import { useUrlFilters } from '../../lib/url-state';
import { activityExport, useActivity } from './api/activity';

type Sort = (typeof ACTIVITY_SORTS)[number];
const DEFAULTS = {
  kind: '',
  actor: '',
  subject: '',
  fromDate: '',
  toDate: '',
  page: '1',
  pageSize: String(ACTIVITY_PAGE_SIZES[0]),
  sort: 'at',
  order: 'desc',
};
/** The server's sort names by the table's columns. */
const SORT_OF_COLUMN: Partial<Record<string, Sort>> = { at: 'at', kindLabel: 'kind' };

/**
 * Activity (every role): the access facts the caller may see (its own; a manager its subtree's;
 * the superadmin and admins everything), newest first, paged and sorted on the server, filtered
 * by kind, by whom, account and dates, with its CSV and Excel export.
 */
export default function ActivityPage({ screen }: ScreenPageProps) {
  const { filters, setFilters } = useUrlFilters(DEFAULTS);
  const draftKeys = {
    kind: filters.kind,
    actor: filters.actor,
    subject: filters.subject,
    fromDate: filters.fromDate,
    toDate: filters.toDate,
  };
  const [draft, setDraft] = useDraft(draftKeys, Object.values(draftKeys).join('|'));
  const { page, pageSize, order } = pagingOf(filters, ACTIVITY_PAGE_SIZES);
  const sort = sortOf(filters.sort, ACTIVITY_SORTS, 'at');
  const query = {
    kind: (ACTIVITY_KINDS as readonly string[]).includes(filters.kind) ? (filters.kind as ActivityKind) : undefined,
    actor: filters.actor || undefined,
    subject: filters.subject || undefined,
    fromDate: filters.fromDate || undefined,
    toDate: filters.toDate || undefined,
  };
  // An empty date is no bound here (not the 7-day default): no dates at all reach today too.
  const report = useActivity({ ...query, page, pageSize, sort, order }, { live: rangeIncludesToday(filters) });
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error, 'activity');

  useLastPageWhenPastEnd({ page, pageSize }, report, setFilters);

  const columns = useMemo(
    () =>
      tableColumns<ActivityRow>(ACTIVITY_COLUMNS, {
        actor: { sortable: false },
        subject: { sortable: false },
        address: { sortable: false },
        device: { sortable: false },
        details: { sortable: false },
      }),
    [],
  );

  const search = () => {
    if (!setFilters({ ...draft, page: '1' })) void report.refetch();
  };
  const text = (name: 'actor' | 'subject' | 'fromDate' | 'toDate', label: string, width: number, placeholder?: string) => (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
      w={width}
    />
  );

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error} live={report.live}>
      <ReportToolbar onSubmit={search} loading={isFetching}>
        <Select
          label="Kind"
          data={[{ value: '', label: 'Any' }, ...ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_KIND_LABELS[k] }))]}
          value={draft.kind}
          onChange={(value) => setDraft({ ...draft, kind: value ?? '' })}
          allowDeselect={false}
          w={200}
        />
        {text('actor', 'By (username)', 150)}
        {text('subject', 'Account (username)', 150)}
        {text('fromDate', 'From Date', 140, 'DD-Mon-YYYY')}
        {text('toDate', 'To Date', 140, 'DD-Mon-YYYY')}
      </ReportToolbar>
      {data && !error && (
        <>
          <Text size="sm">
            {data.totalIsLowerBound ? `More than ${formatInt(data.total)} entries` : `${formatInt(data.total)} entries`}
          </Text>
          <DataTable
            columns={columns}
            rows={data.data}
            ariaLabel="Activity"
            loading={isFetching}
            pageSizes={ACTIVITY_PAGE_SIZES}
            getRowId={(row) => row._id}
            exportHref={activityExport({ ...query, sort, order })}
            serverPaging={urlPaging(
              setFilters,
              { page, pageSize, rowCount: data.total },
              columnSort(SORT_OF_COLUMN, sort, order, 'at'),
            )}
          />
        </>
      )}
    </PageFrame>
  );
}
