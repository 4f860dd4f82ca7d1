import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  BIG_WIN_COLUMNS,
  type BigWinRow,
  DRAW_GAMES,
  FIELD_LABELS,
  IDLE_MASTER_COLUMNS,
  type IdleMasterRow,
  isRole,
  LOSING_CAFE_COLUMNS,
  type LosingCafeRow,
  MANAGER_ROLES,
  OPEN_LOAN_COLUMNS,
  type OpenLoanRow,
  type Role,
  type TodayFigures,
  type TodayResponse,
  WAITING_TRANSFER_COLUMNS,
  type WaitingTransferRow,
} from '@playrep/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExportLinks } from '../../components/report/ExportLinks';
import { MemberLink } from '../../components/report/MemberLink';
import { PageFrame } from '../../components/report/PageFrame';
import { SUBJECT_ID_PARAM, SUBJECT_NAME_PARAM, useReportSubject } from '../../components/report/ReportSubject';
import { SubjectFilters } from '../../components/report/SubjectFilters';
import { tableColumns } from '../../components/report/table-columns';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, type DataTableColumn, SideScroll } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { screenPath } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { formatAmount, formatDate, formatDateTime, formatInt } from '../../lib/format';
import { type MessageId, useMessages } from '../../lib/i18n/messages';
import { useSession } from '../../lib/session';
import { textField } from '../../lib/text-field';
import { todayExport, useToday } from './api/today';
import { useTodayThreshold } from './api/today-threshold';

const FIGURES: { key: keyof TodayFigures; label: MessageId; amount: boolean }[] = [
  { key: 'profit', label: 'insight.today.profit', amount: true },
  { key: 'stake', label: 'insight.today.play', amount: true },
  { key: 'plays', label: 'insight.today.plays', amount: false },
  { key: 'activeMembers', label: 'insight.today.activeMembers', amount: false },
];

/** A link to another screen of the role's area, about the same subject. */
function useScreenLink() {
  const { session } = useSession();
  const [params] = useSearchParams();
  return (path: string, query: Record<string, string> = {}) => {
    const role = session?.role as Role;
    const next = new URLSearchParams(query);
    const id = params.get(SUBJECT_ID_PARAM);
    const name = params.get(SUBJECT_NAME_PARAM);
    if (id) next.set(SUBJECT_ID_PARAM, id);
    if (id && name) next.set(SUBJECT_NAME_PARAM, name);
    return `${screenPath(role, path)}?${next}`;
  };
}

function Section({ title, link, children }: { title: string; link?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {link && <Text size="sm">{link}</Text>}
      </Group>
      {children}
    </Stack>
  );
}

function FiguresTable({ data }: { data: TodayResponse }) {
  const { t } = useMessages();
  const TODAY_FIGURES = t('insight.today.figuresName');
  const time = formatDateTime(data.asOf).split(', ')[1] ?? '';
  const rows = FIGURES.map((f) => {
    const today = data.figures.today[f.key];
    const before = data.figures.lastWeek[f.key];
    const show = f.amount ? formatAmount : formatInt;
    return {
      ...f,
      today: show(today),
      before: show(before),
      change: show(Math.round((today - before) * 100) / 100),
      down: today < before,
    };
  });
  // Compact, so that it fits a phone; figures too wide for it (a large network's) scroll in their box.
  return (
    <SideScroll label={TODAY_FIGURES}>
      <Table withTableBorder striped horizontalSpacing={6} aria-label={TODAY_FIGURES}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('insight.today.figure')}</Table.Th>
            <Table.Th scope="col">{t('insight.today.todayTo', { time })}</Table.Th>
            <Table.Th scope="col">{t('insight.today.dayTo', { day: formatDate(data.lastWeekDay), time })}</Table.Th>
            <Table.Th scope="col">{t('insight.today.change')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Th scope="row">{t(r.label)}</Table.Th>
              <Table.Td ta="right">{r.today}</Table.Td>
              <Table.Td ta="right">{r.before}</Table.Td>
              <Table.Td ta="right" c={r.down ? 'red.9' : undefined}>
                {r.change}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SideScroll>
  );
}

function ThresholdForm({ threshold }: { threshold: number }) {
  const { t, label } = useMessages();
  const save = useTodayThreshold();
  const [value, setValue] = useState(String(threshold));
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => setValue(String(threshold)), [threshold]);
  return (
    <form
      aria-label={t('insight.today.thresholdForm')}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value.trim(), {
          onSuccess: (answer) => setNotice(answer.message),
          onError: (failure) => setNotice(errorMessage(failure)),
        });
      }}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={label(FIELD_LABELS.todayThreshold.threshold)}
          inputMode="decimal"
          {...textField(value, setValue)}
          w={180}
        />
        <Button type="submit" variant="default" loading={save.isPending}>
          {t('insight.today.save')}
        </Button>
        {notice && (
          <Text role="status" size="sm">
            {notice}
          </Text>
        )}
      </Group>
    </form>
  );
}

/**
 * Today (docs/screens.md, Today): the subject's day so far against the same weekday last week,
 * big wins at or above the user's own threshold, the cafes losing most, transfers waiting, open
 * loans and the masters with no play today; each part links to the report that explains it (a big
 * win to its member's page and to its game's draws).
 */
export default function TodayPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const { session } = useSession();
  const { t, label } = useMessages();
  const params = { id: subjectId };
  // Today is about today whatever its parameters: always live.
  const report = useToday(params, { live: true });
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error);
  const link = useScreenLink();
  const manager = session && isRole(session.role) && (MANAGER_ROLES as readonly string[]).includes(session.role);

  const day = data?.today ?? '';
  const dayRange = { fromDate: day, toDate: day };
  const drawLink = (row: BigWinRow) => {
    const game = DRAW_GAMES.find((g) => g.code === row.gameCode);
    return game ? link(`drawdetails/${game.slug}/${game.code}`, dayRange) : null;
  };
  const winColumns = tableColumns<BigWinRow>(BIG_WIN_COLUMNS, {
    member: { type: 'custom', sortValue: (row) => row.member, render: (row) => <MemberLink username={row.member} /> },
    game: {
      type: 'custom',
      render: (row) => {
        const to = drawLink(row);
        return to ? (
          <Anchor component={Link} to={to} size="sm">
            {row.game}
          </Anchor>
        ) : (
          row.game
        );
      },
    },
  });
  const cafeColumns: DataTableColumn<LosingCafeRow>[] = tableColumns<LosingCafeRow>(LOSING_CAFE_COLUMNS);
  const transferColumns = tableColumns<WaitingTransferRow>(WAITING_TRANSFER_COLUMNS);
  const loanColumns = tableColumns<OpenLoanRow>(OPEN_LOAN_COLUMNS);
  const idleColumns = tableColumns<IdleMasterRow>(IDLE_MASTER_COLUMNS);
  const to = (path: string, query: Record<string, string>, text: string) => (
    <Anchor component={Link} to={link(path, query)} size="sm">
      {text}
    </Anchor>
  );

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error} live={report.live}>
      <SubjectFilters />
      {data && !error && (
        <>
          <ExportLinks href={todayExport(params)} />
          <Section
            title={t('insight.today.soFar')}
            link={to('reports/dailystatus', { date: day }, t('insight.today.dailyStatusToday'))}
          >
            <FiguresTable data={data} />
          </Section>
          {/* Each win links what explains it: its member's page and the game's draws today. */}
          <Section title={t('insight.today.bigWins')}>
            <ThresholdForm threshold={data.threshold} />
            <DataTable columns={winColumns} rows={data.bigWins} ariaLabel={t('insight.today.bigWins')} />
          </Section>
          <Section
            title={t('insight.today.losingCafes')}
            link={to('reports/dailystatus', { date: day }, t('insight.today.dailyStatusToday'))}
          >
            <DataTable columns={cafeColumns} rows={data.losingCafes} ariaLabel={t('insight.today.losingCafes')} />
          </Section>
          <Section title={t('insight.today.waitingTransfers')} link={to('reports/pointtransfer', {}, label('Point Transfer'))}>
            <DataTable
              columns={transferColumns}
              rows={data.waitingTransfers}
              ariaLabel={t('insight.today.waitingTransfersTable')}
            />
          </Section>
          <Section
            title={t('insight.today.openLoans')}
            link={manager ? to('reports/computerloan', {}, label('Computer Loan')) : to('reports/revenue', {}, label('Revenue'))}
          >
            {data.openLoanTotals.count > data.openLoans.length && (
              <Text size="sm">
                {t('insight.today.openLoansMore', {
                  count: data.openLoanTotals.count,
                  masters: formatInt(data.openLoanTotals.count),
                  outstanding: formatAmount(data.openLoanTotals.outstanding),
                  shown: formatInt(data.openLoans.length),
                })}
              </Text>
            )}
            <DataTable columns={loanColumns} rows={data.openLoans} ariaLabel={t('insight.today.openLoans')} />
          </Section>
          <Section
            title={t('insight.today.idleMasters')}
            link={
              manager
                ? to('reports/nonperfomeragent', {}, label('Non Performing CCS'))
                : to('reports/agentdetails', {}, label('Agent Details'))
            }
          >
            {data.idleMasterCount > data.idleMasters.length && (
              <Text size="sm">
                {t('insight.today.idleMastersMore', {
                  count: data.idleMasterCount,
                  masters: formatInt(data.idleMasterCount),
                  shown: formatInt(data.idleMasters.length),
                })}
              </Text>
            )}
            <DataTable columns={idleColumns} rows={data.idleMasters} ariaLabel={t('insight.today.idleMasters')} />
          </Section>
        </>
      )}
    </PageFrame>
  );
}
