import './components/statement-print.css';
import { Anchor, Box, Stack, Text } from '@mantine/core';
import { MANAGER_MAIL_COLUMNS, type ManagerMailRow, type Role, screenOf } from '@playrep/contracts';
import { useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../components/report/PageFrame';
import { SUBJECT_ID_PARAM, SUBJECT_NAME_PARAM } from '../../components/report/ReportSubject';
import { tableColumns } from '../../components/report/table-columns';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { screenPath } from '../../config/paths';
import { message, useMessages } from '../../lib/i18n/messages';
import { managerMailExport, useManagerMail } from './api/manager-mail';
import { OpenWeekNote, StatementHeading } from './components/MailStatement';
import { PrintStatementButton, StatementFilters } from './components/StatementFilters';
import { StatementTable } from './components/StatementTable';
import { useMailFilters } from './components/use-mail-filters';
import { usePrintFit } from './components/use-print-fit';

const AGENT_MAIL_PATH = screenOf('agentMail').path;

/** The Agent Mail statement of `row`'s account for the week: that account as the subject, the week as the dates. */
export function agentMailHref(
  role: Role,
  row: Pick<ManagerMailRow, '_id' | 'username'>,
  week: { fromDate: string; toDate: string },
) {
  const query = new URLSearchParams({
    [SUBJECT_ID_PARAM]: row._id,
    [SUBJECT_NAME_PARAM]: row.username,
    fromDate: week.fromDate,
    toDate: week.toDate,
  });
  return `${screenPath(role, AGENT_MAIL_PATH)}?${query}`;
}

/**
 * Manager Mail Details: the same week controls and load as Agent Mail Details, then the sortable,
 * paged grid (10 a page, 10-50) of the direct children with plays below them in the week (the
 * accounts Agent Mail lists) with their profit and its total row, shown only when rows exist;
 * 'No data available' otherwise. An Agent ID is a link to that account's Agent Mail statement of
 * the same week. Print gives the statement alone on one A4 page: the heading, every row (not only
 * the page shown) and the total (statement-print.css, print-fit.ts).
 */
export default function ManagerMailPage({ screen, role }: ScreenPageProps) {
  const { t, label, language } = useMessages();
  const { params, draft, setDraft, apply } = useMailFilters();
  const report = useManagerMail(params);
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error);
  const statement = useRef<HTMLDivElement>(null);
  usePrintFit(statement, data);

  const showDetails = () => {
    if (!apply()) void report.refetch();
  };
  const exportParams = data ? { id: params.id, fromDate: data.fromDate, toDate: data.toDate } : params;
  const fromDate = data?.fromDate;
  const toDate = data?.toDate;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the links' names
  const columns = useMemo(
    () =>
      tableColumns<ManagerMailRow>(MANAGER_MAIL_COLUMNS, {
        username: {
          render: (row) =>
            fromDate && toDate ? (
              <Anchor
                component={Link}
                to={agentMailHref(role, row, { fromDate, toDate })}
                aria-label={message('money.mail.agentMailOf', { username: row.username })}
              >
                {row.username}
              </Anchor>
            ) : (
              row.username
            ),
        },
      }),
    [role, fromDate, toDate, language],
  );

  return (
    <PageFrame
      title={screen.label}
      loading={isFetching}
      error={error}
      live={report.live}
      actions={<PrintStatementButton disabled={!data} />}
    >
      <StatementFilters week={draft} onWeekChange={setDraft} onSubmit={showDetails} loading={isFetching} />
      {data && !error && (
        <Stack gap="sm" ref={statement} className="mail-statement">
          <StatementHeading fromDate={data.fromDate} toDate={data.toDate} />
          <OpenWeekNote open={data.open} />
          {data.data.length > 0 ? (
            <>
              <Box data-print-hide>
                <DataTable
                  columns={columns}
                  rows={data.data}
                  loading={isFetching}
                  ariaLabel={label(screen.label)}
                  exportHref={managerMailExport(exportParams)}
                  exportPdf
                  getRowId={(row) => row._id}
                />
              </Box>
              {/* The printed statement: every row in the grid's order, with the total (print-only, hidden from assistive technology). */}
              <div data-print-only aria-hidden>
                <StatementTable
                  caption={label(screen.label)}
                  columns={MANAGER_MAIL_COLUMNS}
                  rows={data.data}
                  rowKey={(row) => row._id}
                />
              </div>
            </>
          ) : (
            <Text>{t('report.noData')}</Text>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
