import { Select, Text, TextInput } from '@mantine/core';
import {
  ACTIVITY_COLUMNS,
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  ACTIVITY_PAGE_SIZES,
  ACTIVITY_SORTS,
  type ActivityKind,
  type ActivityRow,
  DATE_LABELS,
  FIELD_LABELS,
} from '@playrep/contracts';
import { useMemo } from 'react';
import { useListFilters } from '../../components/report/list-filters';
import { PageFrame } from '../../components/report/PageFrame';
import { tableColumns } from '../../components/report/table-columns';
import { columnSort, urlPaging, useLastPageWhenPastEnd } from '../../components/report/url-paging';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { formatCount } from '../../lib/format';
import { rangeIncludesToday } from '../../lib/report-call';
import { activityExport, useActivity } from './api/activity';

type Sort = (typeof ACTIVITY_SORTS)[number];
const FIELDS = { kind: '', actor: '', subject: '', fromDate: '', toDate: '' };
/** The server's sort names by the table's columns. */
const SORT_OF_COLUMN: Partial<Record<string, Sort>> = { at: 'at', kindLabel: 'kind' };

/**
 * Activity (every role): the access facts the caller may see (its own; a manager its subtree's;
 * the superadmin and admins everything), newest first, paged and sorted on the server, filtered
 * by kind, by whom, account and dates, with its CSV and Excel export.
 */
export default function ActivityPage({ screen }: ScreenPageProps) {
  const { filters, setFilters, draft, setDraft, page, pageSize, order, sort, search } = useListFilters(FIELDS, {
    pageSizes: ACTIVITY_PAGE_SIZES,
    sorts: ACTIVITY_SORTS,
    sort: 'at',
    order: 'desc',
  });
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
      <ReportToolbar onSubmit={() => search(report.refetch)} loading={isFetching}>
        <Select
          label={FIELD_LABELS.activity.kind}
          data={[{ value: '', label: 'Any' }, ...ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_KIND_LABELS[k] }))]}
          value={draft.kind}
          onChange={(value) => setDraft({ ...draft, kind: value ?? '' })}
          allowDeselect={false}
          w={200}
        />
        {text('actor', FIELD_LABELS.activity.actor, 150)}
        {text('subject', FIELD_LABELS.activity.subject, 150)}
        {text('fromDate', DATE_LABELS.fromDate, 140, 'DD-Mon-YYYY')}
        {text('toDate', DATE_LABELS.toDate, 140, 'DD-Mon-YYYY')}
      </ReportToolbar>
      {data && !error && (
        <>
          <Text size="sm">{`${data.totalIsLowerBound ? 'More than ' : ''}${formatCount(data.total, 'entry', 'entries')}`}</Text>
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
