import './components/statement-print.css';
import { Box, LoadingOverlay, VisuallyHidden } from '@mantine/core';
import { useRef } from 'react';
import { ExportLinks } from '../../components/report/ExportLinks';
import { PageFrame } from '../../components/report/PageFrame';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import type { ScreenPageProps } from '../../config/navigation';
import { useMessages } from '../../lib/i18n/messages';
import { agentMailExport, useAgentMail } from './api/agent-mail';
import { MailStatement } from './components/MailStatement';
import { PrintStatementButton, StatementFilters } from './components/StatementFilters';
import { useMailFilters } from './components/use-mail-filters';
import { usePrintFit } from './components/use-print-fit';

/**
 * Agent Mail Details: one settlement week (From Date a Monday, To Date its Sunday; the last
 * finished week by default) and Show Details, then the mail statement under a loading overlay,
 * downloadable as CSV, Excel and PDF. It loads on open and on Show Details; the
 * dates live in the URL (Show Details adds a history entry). Print gives the statement alone on
 * one A4 page, scaled down to fit when it is long (usePrintFit).
 */
export default function AgentMailPage({ screen }: ScreenPageProps) {
  const { t } = useMessages();
  const { params, draft, setDraft, apply } = useMailFilters();
  const report = useAgentMail(params);
  const { data, error, isFetching } = report;
  const statement = useRef<HTMLDivElement>(null);
  usePrintFit(statement, data);
  useReportErrorLog(screen.label, error, 'statement');

  const showDetails = () => {
    if (!apply()) void report.refetch();
  };
  const exportParams = data ? { id: params.id, fromDate: data.fromDate, toDate: data.toDate } : params;

  return (
    <PageFrame title={screen.label} error={error} live={report.live} actions={<PrintStatementButton disabled={!data} />}>
      <StatementFilters week={draft} onWeekChange={setDraft} onSubmit={showDetails} loading={isFetching} />
      <Box ref={statement} className="mail-statement" pos="relative" mih={120} aria-busy={isFetching}>
        <LoadingOverlay visible={isFetching} zIndex={2} overlayProps={{ blur: 1, backgroundOpacity: 0.5 }} />
        {isFetching && <VisuallyHidden role="status">{t('money.mail.loading')}</VisuallyHidden>}
        {data && !error && (
          <>
            <ExportLinks href={agentMailExport(exportParams)} printHide pdf />
            <MailStatement data={data} />
          </>
        )}
      </Box>
    </PageFrame>
  );
}
