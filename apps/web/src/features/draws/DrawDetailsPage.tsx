import { DRAW_COLUMNS, DRAW_PAGE_SIZES, type DrawRow, gameNameForCode } from '@playrep/contracts';
import { useEffect, useMemo } from 'react';
import { PageFrame } from '../../app/page-frame';
import { SubjectPicker, useReportSubject } from '../../components/report/ReportSubject';
import { DataTable, type DataTableColumn, type DateRange, DateRangePicker, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { addDays, isApiDate, todayIst } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-state';
import { drawDetailsExport, useDrawDetails } from './api/draw-details';
import { useDateDraft } from './components/use-date-draft';
import { WinningNumber } from './components/WinningNumber';

const DEFAULT_PAGE_SIZE = DRAW_PAGE_SIZES[0];

/** The game code is the last segment of the screen's path: drawdetails/{slug}/{code}. */
export function gameCodeOf(screenPath: string): string {
  return screenPath.split('/').filter(Boolean).at(-1) ?? '';
}

function pageFromUrl(value: string): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

function pageSizeFromUrl(value: string): number {
  const n = Number(value);
  return (DRAW_PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

function drawColumns(gameCode: string): DataTableColumn<DrawRow>[] {
  const header = (key: string) => DRAW_COLUMNS.find((c) => c.key === key)?.header ?? key;
  // Paged on the server, newest first: a click on a header would only sort the visible page.
  return [
    { key: '_id', id: 'srNo', header: header('srNo'), type: 'custom', sortable: false, render: (_row, { index }) => index + 1 },
    {
      key: 'drawno',
      header: header('drawno'),
      type: 'custom',
      sortable: false,
      render: (row) => <WinningNumber gameCode={gameCode} drawno={row.drawno} color={row.color} />,
    },
    { key: 'date', header: header('date'), type: 'datetime', sortable: false },
  ];
}

/**
 * Draw details of one game (the four Draw Details menu entries share this page): the game's name,
 * From Date / To Date and Show Details, then its open draws newest first, paged on the server.
 * Dates, page and page size live in the URL: Show Details adds a history entry (Back restores the
 * previous range); paging only rewrites the current one. Failed fetches are logged and shown in a
 * small alert (for an unknown game, the server's 404 message).
 */
export default function DrawDetailsPage({ screen }: ScreenPageProps) {
  const gameCode = gameCodeOf(screen.path);
  // The four menu entries render this same page: a new game starts afresh (draft dates, pager).
  return <DrawDetails key={gameCode} gameCode={gameCode} />;
}

function DrawDetails({ gameCode }: { gameCode: string }) {
  const title = gameNameForCode(gameCode);
  const { subjectId } = useReportSubject();
  const today = todayIst();
  const { filters, setFilters } = useUrlFilters({
    fromDate: addDays(today, -6),
    toDate: today,
    page: '1',
    pageSize: String(DEFAULT_PAGE_SIZE),
  });
  const page = pageFromUrl(filters.page);
  const pageSize = pageSizeFromUrl(filters.pageSize);
  const range = { id: subjectId, gameId: gameCode, fromDate: filters.fromDate, toDate: filters.toDate };

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
        <SubjectPicker />
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
          }}
        />
      )}
    </PageFrame>
  );
}
