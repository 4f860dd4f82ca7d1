import { Stack, Text, TextInput } from '@mantine/core';
import {
  FIELD_LABELS,
  MEMBER_LIST_PAGE_SIZES,
  MEMBER_PAGE_PARAM,
  MEMBER_PLAY_COLUMNS,
  MEMBER_PLAY_SORTS,
  MEMBER_TRANSFER_COLUMNS,
  MEMBER_TRANSFER_SORTS,
  MEMBER_WEEK_COLUMNS,
  type MemberPlayRow,
  type MemberResponse,
  type MemberTransferRow,
  type MemberWeekRow,
} from '@playrep/contracts';
import type { ReactNode } from 'react';
import { FigureList } from '../../components/report/FigureList';
import { PageFrame } from '../../components/report/PageFrame';
import { lastSevenDays } from '../../components/report/report-dates';
import { TitledTable } from '../../components/report/TitledTable';
import { tableColumns } from '../../components/report/table-columns';
import { pagingOf, sortOf, urlPaging, useLastPageWhenPastEnd } from '../../components/report/url-paging';
import { useDraft } from '../../components/report/use-draft';
import { useRangeFilters } from '../../components/report/use-range-filters';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { type DataTableColumn, type ExportFormat, ReportToolbar } from '../../components/ui';
import { DateRangePicker } from '../../components/ui/DatePicker';
import type { ScreenPageProps } from '../../config/navigation';
import { FIRST_REPORT_DAY, LAST_REPORT_DAY, withinReportYears } from '../../config/report-years';
import { formatAmount, formatDate, formatInt } from '../../lib/format';
import { label, message, useMessages } from '../../lib/i18n/messages';
import { reportCall } from '../../lib/report-call';

/** `GET /api/playrep/member?username`: the member, its master and cafe, balance, 12 weeks by game. */
const { useReport: useMember, exportHref: memberExport } = reportCall('member');
/** `GET /api/playrep/memberplays?username&fromDate&toDate&page&pageSize&sort&order`: one page of its plays. */
const { useReport: useMemberPlays, exportHref: memberPlaysExport } = reportCall('memberPlays');
/** `GET /api/playrep/membertransfers?...`: one page of its transfers. */
const { useReport: useMemberTransfers, exportHref: memberTransfersExport } = reportCall('memberTransfers');

const WEEK_COLUMNS = tableColumns<MemberWeekRow>(MEMBER_WEEK_COLUMNS, {
  // An open week's figures are so far: the From Date says so.
  fromDate: {
    render: (row) =>
      row.open ? message('members.member.openWeek', { day: formatDate(row.fromDate) }) : formatDate(row.fromDate),
  },
});
const PLAY_COLUMNS = tableColumns<MemberPlayRow>(MEMBER_PLAY_COLUMNS, {
  game: { sortable: false },
  drawAt: { sortable: false },
  cafe: { sortable: false },
});
const TRANSFER_COLUMNS = tableColumns<MemberTransferRow>(MEMBER_TRANSFER_COLUMNS, {
  from: { sortable: false },
  to: { sortable: false },
  type: { sortable: false },
  channel: { sortable: false },
  status: { sortable: false },
  resolvedAt: { sortable: false },
});

type ListName = 'plays' | 'transfers';
const FIRST_SORT: Record<ListName, string> = { plays: MEMBER_PLAY_SORTS[0], transfers: MEMBER_TRANSFER_SORTS[0] };

/** The URL filters of one list: `playsPage`, `playsPageSize`, `playsSort`, `playsOrder` (and the same for transfers). */
const listKey = (list: ListName, name: string) => `${list}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
const listDefaults = (list: ListName) => ({
  [listKey(list, 'page')]: '1',
  [listKey(list, 'pageSize')]: String(MEMBER_LIST_PAGE_SIZES[0]),
  [listKey(list, 'sort')]: FIRST_SORT[list],
  [listKey(list, 'order')]: 'desc',
});

type Filters = Record<string, string>;
type SetFilters = (patch: Filters, options: { history: 'replace' }) => unknown;

/** One list's paging and sort as the URL asks for them, and a setter of its own filters. */
function listState<S extends string>(list: ListName, sorts: readonly S[], fallback: S, filters: Filters, setFilters: SetFilters) {
  const read = (name: string) => filters[listKey(list, name)] ?? '';
  const { page, pageSize, order } = pagingOf(
    { page: read('page'), pageSize: read('pageSize'), order: read('order') },
    MEMBER_LIST_PAGE_SIZES,
  );
  const sort = sortOf(read('sort'), sorts, fallback);
  const set: SetFilters = (patch, options) =>
    setFilters(Object.fromEntries(Object.entries(patch).map(([name, value]) => [listKey(list, name), value])), options);
  return { page, pageSize, order, sort, set };
}

/**
 * One of the member's lists (its plays, its transfers) under its title, once answered: the page
 * asked for, paged and sorted on the server through the list's own URL filters.
 */
function MemberList<Row extends { _id: string }>({
  title,
  summary,
  columns,
  answer,
  state,
  exportHref,
}: {
  title: string;
  summary?: ReactNode;
  columns: readonly DataTableColumn<Row>[];
  answer: { data?: { data: Row[]; total: number } | undefined; error: Error | null; isFetching: boolean };
  state: ReturnType<typeof listState>;
  exportHref: (format: ExportFormat) => string;
}) {
  if (!answer.data || answer.error) return null;
  return (
    <Stack gap="xs">
      <TitledTable
        title={title}
        intro={summary}
        columns={columns}
        rows={answer.data.data}
        loading={answer.isFetching}
        pageSizes={MEMBER_LIST_PAGE_SIZES}
        getRowId={(row) => row._id}
        exportHref={exportHref}
        serverPaging={urlPaging(
          state.set,
          { page: state.page, pageSize: state.pageSize, rowCount: answer.data.total },
          { columnId: state.sort, direction: state.order, filters: (column, direction) => ({ sort: column, order: direction }) },
        )}
      />
    </Stack>
  );
}

/** A name or a username, never translated. */
const data = (text: string) => <span translate="no">{text}</span>;

function memberFigures(member: MemberResponse['member']) {
  return [
    { label: label('Member ID'), value: data(member.username) },
    { label: message('members.member.name'), value: data(member.name) },
    {
      label: message('members.member.agent'),
      value: member.master ? data(`${member.master.username} (${member.master.name})`) : '-',
    },
    {
      label: message('members.member.cafe'),
      value: member.cafe ? data(`${member.cafe.name} (${member.cafe.master})`) : message('members.member.noCafe'),
    },
    { label: message('members.member.balance'), value: formatAmount(member.balance), negative: member.balance < 0 },
    { label: message('members.member.registered'), value: formatDate(member.registered) },
    {
      label: message('members.member.state'),
      value: message(member.active ? 'members.member.active' : 'members.member.inactive'),
    },
  ];
}

/**
 * Member (docs/screens.md, Member): one player of the caller's subtree, reached from a player's
 * username in a report or from the subject picker: its master and cafe, balance, profit per
 * settlement week by game over the last 12 weeks (each week its row in Agent Mail), its plays and
 * its transfers over the range, paged and sorted on the server.
 */
export default function MemberPage({ screen }: ScreenPageProps) {
  const { t } = useMessages();
  const { filters, setFilters, draft, setDraft, apply } = useRangeFilters(lastSevenDays(), {
    [MEMBER_PAGE_PARAM]: '',
    ...listDefaults('plays'),
    ...listDefaults('transfers'),
  });
  const username = (filters[MEMBER_PAGE_PARAM] ?? '').trim();
  const [memberDraft, setMemberDraft] = useDraft(username);
  const enabled = username !== '';
  const range = { fromDate: filters.fromDate, toDate: filters.toDate };

  const plays = listState('plays', MEMBER_PLAY_SORTS, 'playedAt', filters, setFilters as SetFilters);
  const transfers = listState('transfers', MEMBER_TRANSFER_SORTS, 'createdAt', filters, setFilters as SetFilters);
  const playsQuery = { username, ...range, sort: plays.sort, order: plays.order };
  const transfersQuery = { username, ...range, sort: transfers.sort, order: transfers.order };

  const member = useMember({ username }, { enabled, live: true });
  const playList = useMemberPlays({ ...playsQuery, page: plays.page, pageSize: plays.pageSize }, { enabled });
  const transferList = useMemberTransfers({ ...transfersQuery, page: transfers.page, pageSize: transfers.pageSize }, { enabled });
  // The member's own answer says first what is wrong (no such account, not a member); the lists the rest.
  const error = member.error ?? playList.error ?? transferList.error;
  useReportErrorLog(screen.label, error, 'member');
  useLastPageWhenPastEnd({ page: plays.page, pageSize: plays.pageSize }, playList, plays.set);
  useLastPageWhenPastEnd({ page: transfers.page, pageSize: transfers.pageSize }, transferList, transfers.set);

  const loading = member.isFetching || playList.isFetching || transferList.isFetching;
  const search = () => {
    const patch = {
      [MEMBER_PAGE_PARAM]: memberDraft.trim(),
      [listKey('plays', 'page')]: '1',
      [listKey('transfers', 'page')]: '1',
    };
    if (!apply(patch)) {
      void member.refetch();
      void playList.refetch();
      void transferList.refetch();
    }
  };

  return (
    <PageFrame title={screen.label} loading={loading} error={enabled ? error : undefined} live={member.live}>
      <ReportToolbar onSubmit={search} loading={loading}>
        <TextInput
          label={label(FIELD_LABELS.member.username)}
          placeholder={t('members.member.usernamePlaceholder')}
          value={memberDraft}
          onChange={(event) => setMemberDraft(event.currentTarget.value)}
          w={180}
        />
        <DateRangePicker
          value={draft}
          onChange={(next) => setDraft(withinReportYears(next))}
          minDate={FIRST_REPORT_DAY}
          maxDate={LAST_REPORT_DAY}
        />
      </ReportToolbar>
      {!enabled && <Text size="sm">{t('members.member.hint')}</Text>}
      {enabled && member.data && !member.error && (
        <Stack gap="md">
          <FigureList label={t('members.member.figures')} figures={memberFigures(member.data.member)} />
          <TitledTable
            title={t('members.member.profitByWeek')}
            intro={<Text size="sm">{t('members.member.profitByWeekHint')}</Text>}
            columns={WEEK_COLUMNS}
            rows={member.data.weeks}
            loading={member.isFetching}
            defaultPageSize={20}
            getRowId={(row) => row.fromDate}
            exportHref={memberExport({ username })}
          />
        </Stack>
      )}
      {enabled && (
        <MemberList
          title={t('members.member.plays')}
          summary={
            playList.data && (
              <Text size="sm" aria-label={t('members.member.playsName')}>
                {t('members.member.playsSummary', {
                  count: playList.data.total,
                  plays: formatInt(playList.data.total),
                  from: formatDate(playList.data.range.fromDate),
                  to: formatDate(playList.data.range.toDate),
                  stake: formatAmount(playList.data.totals.stake),
                  win: formatAmount(playList.data.totals.win),
                  profit: formatAmount(playList.data.totals.profit),
                })}
              </Text>
            )
          }
          columns={PLAY_COLUMNS}
          answer={playList}
          state={plays}
          exportHref={memberPlaysExport(playsQuery)}
        />
      )}
      {enabled && (
        <MemberList
          title={t('members.member.transfers')}
          columns={TRANSFER_COLUMNS}
          answer={transferList}
          state={transfers}
          exportHref={memberTransfersExport(transfersQuery)}
        />
      )}
    </PageFrame>
  );
}
