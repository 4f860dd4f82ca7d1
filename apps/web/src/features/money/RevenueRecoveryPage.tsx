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
import { message, useMessages } from '../../lib/i18n/messages';
import { textField } from '../../lib/text-field';
import { useUrlFilters } from '../../lib/url-state';
import { revenueRecoveryExport, useRevenueRecovery } from './api/revenue-recovery';
import { LOAN_PAGE_SIZE } from './components/constants';
import { withName } from './components/with-name';

type Recovery = RecoveryResponse['data'];
const COLUMNS = tableColumns<Recovery>(RECOVERY_COLUMNS);

/** Where the amount stands: 'as at the close of the week of 10-Nov-2026'. */
export function recoveryAsOfText(data: Pick<Recovery, 'asOfWeek'>): string {
  return data.asOfWeek
    ? message('money.recovery.asAt', { date: formatDate(data.asOfWeek.fromDate) })
    : message('money.recovery.noWeekClosed');
}

/** The server's `message`, or the fallback when none came (network failure, bad body). */
export function recoveryErrorText(error: unknown): string {
  return isApiError(error) && error.fromServer ? error.message : message('money.recovery.fallbackError');
}

function RecoveryResult({ data, exportHref }: { data: Recovery; exportHref: ReturnType<typeof revenueRecoveryExport> }) {
  const { t, label } = useMessages();
  // Nothing owed (no outstanding loan, no carried loss): 'No data found.' (docs/screens.md, Revenue Recovery).
  if (data.recoveryAmount === 0) {
    return (
      <Stack gap={4}>
        <Text fw={600} style={{ color: NEGATIVE_COLOR }}>
          {t('money.recovery.noDataFound')}
        </Text>
        <Text size="sm" c="gray.7">
          {withName(t('money.recovery.nothingOwed', { username: data.masterUsername }), data.masterUsername)}
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
        ariaLabel={label('Revenue Recovery')}
        exportHref={exportHref}
        getRowId={(row) => row.masterUsername}
      />
      <Text size="sm" c="gray.7">
        {t('money.recovery.explained', {
          asOf: recoveryAsOfText(data),
          loan: formatAmount(data.outstandingLoan),
          carry: formatAmount(Math.abs(data.carryForward)),
        })}
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
  const { t, label } = useMessages();
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
      window.alert(t('money.recovery.agentRequired'));
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
          label={label(FIELD_LABELS.revenueRecovery.username)}
          placeholder={t('money.recovery.agentPlaceholder')}
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
