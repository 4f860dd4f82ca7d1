import {
  type CallParams,
  DRAW_COLUMNS,
  DRAW_PAGE_SIZES,
  type DrawRow,
  gameNameForCode,
  UNKNOWN_GAME_NAME,
} from '@playrep/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { PageFrame } from '../../components/report/PageFrame';
import { lastSevenDays } from '../../components/report/report-dates';
import { plainSrNo, tableColumns } from '../../components/report/table-columns';
import { urlPaging, useLastPageWhenPastEnd } from '../../components/report/url-paging';
import { useRangeFilters } from '../../components/report/use-range-filters';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, type DataTableColumn, ReportToolbar } from '../../components/ui';
import { DateRangePicker } from '../../components/ui/DatePicker';
import { FIRST_REPORT_DAY, withinReportYears } from '../../config/report-years';
import { useMessages } from '../../lib/i18n/messages';
import { drawDetailsExport, useDrawDetails } from './api/draw-details';
import { WinningNumber } from './components/WinningNumber';

/** By draw time: 'desc' newest first (the default), 'asc' oldest first. */
type DrawSort = NonNullable<CallParams<'drawDetails'>['sort']>;

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
  // Paged on the server: only Draw Time sorts, and the server does it (newest or oldest first).
  return tableColumns<DrawRow>(DRAW_COLUMNS, {
    srNo: plainSrNo(),
    drawno: { sortable: false, render: (row) => <WinningNumber gameCode={gameCode} drawno={row.drawno} color={row.color} /> },
  });
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
  const { t } = useMessages();
  const name = gameNameForCode(gameCode);
  // A game's name stays as it is in every language.
  const title = name === UNKNOWN_GAME_NAME ? t('draws.details.unknownGame') : name;
  const { filters, setFilters, draft, setDraft, apply } = useRangeFilters(lastSevenDays(), {
    sort: DEFAULT_SORT,
    page: '1',
    pageSize: String(DEFAULT_PAGE_SIZE),
  });
  const page = pageFromUrl(filters.page);
  const pageSize = pageSizeFromUrl(filters.pageSize);
  const sort = sortFromUrl(filters.sort);

  const result = useDrawDetails({ gameId: gameCode, fromDate: filters.fromDate, toDate: filters.toDate, page, pageSize, sort });
  const { data, error, isFetching } = result;
  useReportErrorLog(name, error, 'draws');

  useLastPageWhenPastEnd({ page, pageSize }, result, setFilters);

  const columns = useMemo(() => drawColumns(gameCode), [gameCode]);

  const showDetails = () => {
    if (!apply({ page: '1' })) void result.refetch();
  };

  const usedFrom = data?.range.fromDate;
  const usedTo = data?.range.toDate;

  return (
    <PageFrame title={title} loading={isFetching} error={error} live={result.live}>
      <ReportToolbar onSubmit={showDetails} loading={isFetching}>
        <DateRangePicker value={draft} onChange={(range) => setDraft(withinReportYears(range))} minDate={FIRST_REPORT_DAY} />
      </ReportToolbar>
      {data && !error && (
        <DataTable
          columns={columns}
          rows={data.data}
          ariaLabel={t('draws.details.table', { game: title })}
          loading={isFetching}
          pageSizes={DRAW_PAGE_SIZES}
          getRowId={(row) => row._id}
          // The whole range, built by the server, with the range it answered with.
          exportHref={drawDetailsExport({ gameId: gameCode, fromDate: usedFrom, toDate: usedTo, sort })}
          serverPaging={urlPaging(
            setFilters,
            { page, pageSize, rowCount: data.total },
            { columnId: DRAW_TIME_COLUMN, direction: sort, filters: (_column, direction) => ({ sort: direction }) },
          )}
        />
      )}
    </PageFrame>
  );
}
