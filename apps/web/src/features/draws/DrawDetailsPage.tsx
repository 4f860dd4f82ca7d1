import { DRAW_COLUMNS, DRAW_PAGE_SIZES, type DrawRow, gameNameForCode } from '@playrep/contracts';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { PageFrame } from '../../app/page-frame';
import { DataTable, type DataTableColumn, type DateRange, DateRangePicker, ReportToolbar } from '../../components/ui';
import { addDays, isApiDate, todayIst } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-state';
import { type DrawSort, drawDetailsExport, useDrawDetails } from './api/draw-details';
import { useDateDraft } from './components/use-date-draft';
import { WinningNumber } from './components/WinningNumber';

const DEFAULT_PAGE_SIZE = DRAW_PAGE_SIZES[0];
const DEFAULT_SORT: DrawSort = 'desc';
/** The column the server sorts by. */
const DRAW_TIME_COLUMN = 'date';

function pageFromUrl(value: string): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

function pageSizeFromUrl(value: string): number {
  const n = Number(value);
  return (DRAW_PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

function sortFromUrl(value: string): DrawSort {
  return value === 'asc' ? 'asc' : DEFAULT_SORT;
}

function drawColumns(gameCode: string): DataTableColumn<DrawRow>[] {
  const header = (key: string) => DRAW_COLUMNS.find((c) => c.key === key)?.header ?? key;
  // Paged on the server: only Draw Time sorts, and the server does it (newest or oldest first).
  return [
    { key: '_id', id: 'srNo', header: header('srNo'), type: 'custom', sortable: false, render: (_row, { index }) => index + 1 },
    {
      key: 'drawno',
      header: header('drawno'),
      type: 'custom',
      sortable: false,
      render: (row) => <WinningNumber gameCode={gameCode} drawno={row.drawno} color={row.color} />,
    },
    { key: DRAW_TIME_COLUMN, header: header('date'), type: 'datetime' },
  ];
}

/**
 * Draw details of one game (the route drawdetails/:name/:id; the four Draw Details menu entries
 * among them): the game's name (Unknown Game for an unknown code), From Date / To Date and Show
 * Details, then its open draws, newest first unless Draw Time is sorted the other way, paged on
 * the server. Dates, order, page and page size live in the URL: Show Details adds a history entry
 * (Back restores the previous range); paging and sorting only rewrite the current one. Failed
 * fetches are logged and shown in a small alert (for an unknown game, the server's 404 message).
 * Draws are about no account, so there is no subject picker.
 */
export default function DrawDetailsPage() {
  const gameCode = useParams().id ?? '';
  // Every game renders this same page: a new game starts afresh (draft dates, pager).
  return <DrawDetails key={gameCode} gameCode={gameCode} />;
}

function DrawDetails({ gameCode }: { gameCode: string }) {
  const title = gameNameForCode(gameCode);
  const today = todayIst();
  const { filters, setFilters } = useUrlFilters({
    fromDate: addDays(today, -6),
    toDate: today,
    sort: DEFAULT_SORT,
    page: '1',
    pageSize: String(DEFAULT_PAGE_SIZE),
  });
  const page = pageFromUrl(filters.page);
  const pageSize = pageSizeFromUrl(filters.pageSize);
  const sort = sortFromUrl(filters.sort);
  const range = { gameId: gameCode, fromDate: filters.fromDate, toDate: filters.toDate, sort };

  const applied: DateRange = {
    from: isApiDate(filters.fromDate) ? filters.fromDate : null,
    to: isApiDate(filters.toDate) ? filters.toDate : null,
  };
  const [draft, setDraft] = useDateDraft(applied);

  const result = useDrawDetails({ ...range, page, pageSize });
  const { data, error, isFetching } = result;
  useEffect(() => {
    if (error) console.error(`${title}: the draws could not be loaded`, error);
  }, [title, error]);

  // A page past the end (an old link, a shorter range) goes to the last page.
  const pageCount = data ? Math.max(1, Math.ceil(data.total / pageSize)) : undefined;
  useEffect(() => {
    if (pageCount !== undefined && !result.isPlaceholderData && page > pageCount) {
      setFilters({ page: String(pageCount) }, { history: 'replace' });
    }
  }, [page, pageCount, result.isPlaceholderData, setFilters]);

  const columns = useMemo(() => drawColumns(gameCode), [gameCode]);

  const showDetails = () => {
    const changed = setFilters({ fromDate: draft.from ?? '', toDate: draft.to ?? '', page: '1' });
    if (!changed) void result.refetch();
  };

  const usedFrom = data?.range.fromDate;
  const usedTo = data?.range.toDate;

  return (
    <PageFrame title={title} loading={isFetching} error={error}>
      <ReportToolbar onSubmit={showDetails} loading={isFetching}>
        <DateRangePicker value={draft} onChange={setDraft} />
      </ReportToolbar>
      {data && !error && (
        <DataTable
          columns={columns}
          rows={data.data}
          ariaLabel={`${title} draws`}
          loading={isFetching}
          pageSizes={DRAW_PAGE_SIZES}
          getRowId={(row) => row._id}
          // The whole range, built by the server, with the range it answered with.
          exportHref={(format) => drawDetailsExport({ ...range, fromDate: usedFrom, toDate: usedTo }, format)}
          serverPaging={{
            page,
            pageSize,
            rowCount: data.total,
            onPageChange: (next) => setFilters({ page: String(next) }, { history: 'replace' }),
            onPageSizeChange: (size) => setFilters({ page: '1', pageSize: String(size) }, { history: 'replace' }),
            sort: {
              columnId: DRAW_TIME_COLUMN,
              direction: sort,
              onSortChange: (_column, direction) => setFilters({ sort: direction, page: '1' }, { history: 'replace' }),
            },
          }}
        />
      )}
    </PageFrame>
  );
}
