import './components/statement-print.css';
import { Box, Button, LoadingOverlay, VisuallyHidden } from '@mantine/core';
import { useRef } from 'react';
import { ExportLinks } from '../../components/report/ExportLinks';
import { PageFrame } from '../../components/report/PageFrame';
import { SubjectPicker } from '../../components/report/ReportSubject';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { agentMailExport, useAgentMail } from './api/agent-mail';
import { MailStatement } from './components/MailStatement';
import { useMailFilters } from './components/use-mail-filters';
import { usePrintFit } from './components/use-print-fit';
import { WeekPicker } from './components/WeekPicker';

/**
 * Agent Mail Details: one settlement week (From Date a Monday, To Date its Sunday; the last
 * finished week by default) and Show Details, then the mail statement under a loading overlay. It loads on open and on Show Details; the
 * dates live in the URL (Show Details adds a history entry). Print gives the statement alone on
 * one A4 page, scaled down to fit when it is long (usePrintFit).
 */
export default function AgentMailPage({ screen }: ScreenPageProps) {
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
    <PageFrame
      title={screen.label}
      error={error}
      actions={
        <Button variant="default" onClick={() => window.print()} disabled={!data} data-print-hide>
          Print
        </Button>
      }
    >
      <div data-print-hide>
        <ReportToolbar onSubmit={showDetails} loading={isFetching}>
          <SubjectPicker />
          <WeekPicker value={draft} onChange={setDraft} />
        </ReportToolbar>
      </div>
      <Box ref={statement} className="mail-statement" pos="relative" mih={120} aria-busy={isFetching}>
        <LoadingOverlay visible={isFetching} zIndex={2} overlayProps={{ blur: 1, backgroundOpacity: 0.5 }} />
        {isFetching && <VisuallyHidden role="status">Loading the statement…</VisuallyHidden>}
        {data && !error && (
          <>
            <ExportLinks href={agentMailExport(exportParams)} printHide />
            <MailStatement data={data} />
          </>
        )}
      </Box>
    </PageFrame>
  );
}
