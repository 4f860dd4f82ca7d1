import './components/statement-print.css';
import { Box, Button, LoadingOverlay, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { PageFrame } from '../../app/page-frame';
import { SubjectPicker } from '../../components/report/ReportSubject';
import { DateRangePicker, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { agentMailExport, useAgentMail } from './api/agent-mail';
import { ExportLinks } from './components/ExportLinks';
import { MailStatement } from './components/MailStatement';
import { useMailFilters } from './components/use-mail-filters';
import { usePrintFit } from './components/use-print-fit';

/**
 * Agent Mail Details (issue 5 point 6): From Date / To Date (read-only pickers) and Show Details,
 * then the mail statement under a loading overlay. It loads on open and on Show Details; the
 * dates live in the URL (Show Details adds a history entry). Print gives the statement alone on
 * one A4 page, scaled down to fit when it is long (usePrintFit).
 */
export default function AgentMailPage({ screen }: ScreenPageProps) {
  const { params, draft, setDraft, apply } = useMailFilters();
  const report = useAgentMail(params);
  const { data, error, isFetching } = report;
  const statement = useRef<HTMLDivElement>(null);
  usePrintFit(statement, data);
  useEffect(() => {
    if (error) console.error(`${screen.label}: the statement could not be loaded`, error);
  }, [screen.label, error]);

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
          <DateRangePicker value={draft} onChange={setDraft} />
        </ReportToolbar>
      </div>
      <Box ref={statement} className="mail-statement" pos="relative" mih={120} aria-busy={isFetching}>
        <LoadingOverlay visible={isFetching} zIndex={2} overlayProps={{ blur: 1, backgroundOpacity: 0.5 }} />
        {isFetching && <VisuallyHidden role="status">Loading the statement…</VisuallyHidden>}
        {data && !error && (
          <>
            <ExportLinks href={agentMailExport(exportParams)} />
            <MailStatement data={data} />
          </>
        )}
      </Box>
    </PageFrame>
  );
}
