import { Stack, Text, TextInput } from '@mantine/core';
import { FIELD_LABELS, RECOVERY_COLUMNS, type RecoveryResponse } from '@playrep/contracts';
import { PageFrame } from '../../components/report/PageFrame';
import { SubjectPicker, useReportSubject } from '../../components/report/ReportSubject';
import { tableColumns } from '../../components/report/table-columns';
import { useDraft } from '../../components/report/use-draft';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, NEGATIVE_COLOR, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { isApiError } from '../../lib/api-client';
import { formatAmount, formatDate } from '../../lib/format';
import { textField } from '../../lib/text-field';
import { useUrlFilters } from '../../lib/url-state';
import { revenueRecoveryExport, useRevenueRecovery } from './api/revenue-recovery';
import { AGENT_REQUIRED_ALERT, LOAN_PAGE_SIZE, NO_DATA_FOUND, RECOVERY_FALLBACK_ERROR } from './components/constants';

type Recovery = RecoveryResponse['data'];
const COLUMNS = tableColumns<Recovery>(RECOVERY_COLUMNS);

/** Where the amount stands: 'as at the close of the week of 10-Nov-2026'. */
export function recoveryAsOfText(data: Pick<Recovery, 'asOfWeek'>): string {
  return data.asOfWeek ? `as at the close of the week of ${formatDate(data.asOfWeek.fromDate)}` : 'no week closed yet';
}

/** The server's `message`, or the fallback when none came (network failure, bad body). */
export function recoveryErrorText(error: unknown): string {
  return isApiError(error) && error.fromServer ? error.message : RECOVERY_FALLBACK_ERROR;
}

function RecoveryResult({ data, exportHref }: { data: Recovery; exportHref: ReturnType<typeof revenueRecoveryExport> }) {
  // Nothing owed (no outstanding loan, no carried loss): 'No data found.' (docs/screens.md, Revenue Recovery).
  if (data.recoveryAmount === 0) {
    return (
      <Stack gap={4}>
        <Text fw={600} style={{ color: NEGATIVE_COLOR }}>
          {NO_DATA_FOUND}
        </Text>
        <Text size="sm" c="gray.7">
          {data.masterUsername} has no outstanding loan and no loss carried forward.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <DataTable
        columns={COLUMNS}
        rows={[data]}
        defaultPageSize={LOAN_PAGE_SIZE}
        ariaLabel="Revenue Recovery"
        exportHref={exportHref}
        getRowId={(row) => row.masterUsername}
      />
      <Text size="sm" c="gray.7">
        Recovery Amount {recoveryAsOfText(data)}: outstanding loan {formatAmount(data.outstandingLoan)} plus the loss carried
        forward out of that week {formatAmount(Math.abs(data.carryForward))}.
      </Text>
    </Stack>
  );
}

/**
 * Revenue Recovery: Agent ID and Search, then what that master owes (ID, Recovery Amount). An
 * empty Agent ID alerts and makes no call; failures show the server's message or the fallback in
 * red (docs/screens.md, Revenue Recovery). The Agent ID lives in the URL: Search adds a history entry.
 */
export default function RevenueRecoveryPage({ screen }: ScreenPageProps) {
  const { subjectId } = useReportSubject();
  const { filters, setFilters } = useUrlFilters({ username: '' });
  const applied = filters.username.trim();
  const [draft, setDraft] = useDraft(applied);
  const params = { id: subjectId, username: applied };
  // Idle without an Agent ID (no call is made); another agent starts empty.
  const result = useRevenueRecovery(params, { enabled: applied !== '', keepPrevious: false });
  const { data, error, isFetching } = result;
  useReportErrorLog(screen.label, error, 'recovery');

  const search = () => {
    const agent = draft.trim();
    if (agent === '') {
      window.alert(AGENT_REQUIRED_ALERT);
      return;
    }
    // Search for the same agent loads it again.
    if (!setFilters({ username: agent })) void result.refetch();
  };

  return (
    <PageFrame title={screen.label} loading={isFetching}>
      <ReportToolbar onSubmit={search} submitLabel="Search" loading={isFetching}>
        <SubjectPicker />
        <TextInput
          label={FIELD_LABELS.revenueRecovery.username}
          placeholder="Agent username"
          w={200}
          {...textField(draft, setDraft)}
        />
      </ReportToolbar>
      {applied !== '' && error && !isFetching && (
        <Text role="alert" fw={600} style={{ color: NEGATIVE_COLOR }}>
          {recoveryErrorText(error)}
        </Text>
      )}
      {applied !== '' && data && !error && <RecoveryResult data={data.data} exportHref={revenueRecoveryExport(params)} />}
    </PageFrame>
  );
}
