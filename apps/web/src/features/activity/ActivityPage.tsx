import { Select, Text, TextInput } from '@mantine/core';
import {
  ACTIVITY_COLUMNS,
  ACTIVITY_KINDS,
  ACTIVITY_PAGE_SIZES,
  ACTIVITY_SORTS,
  type ActivityKind,
  type ActivityRow,
  DATE_LABELS,
  FIELD_LABELS,
} from '@playrep/contracts';
import { useMemo } from 'react';
import { useListFilters } from '../../components/report/list-filters';
import { PageFrame } from '../../components/report/PageFrame';
import { tableColumns } from '../../components/report/table-columns';
import { UrlPagedTable } from '../../components/report/UrlPagedTable';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { formatInt } from '../../lib/format';
import { type MessageId, useMessages } from '../../lib/i18n/messages';
import { rangeIncludesToday } from '../../lib/report-call';
import { activityExport, useActivity } from './api/activity';

type Sort = (typeof ACTIVITY_SORTS)[number];
const FIELDS = { kind: '', actor: '', subject: '', fromDate: '', toDate: '' };
/** The server's sort names by the table's columns. */
const SORT_OF_COLUMN: Partial<Record<string, Sort>> = { at: 'at', kindLabel: 'kind' };
/** A kind of entry by its code (the contracts' ACTIVITY_KIND_LABELS, in the chosen language). */
const KIND_NAMES: Readonly<Record<ActivityKind, MessageId>> = {
  'sign-in': 'activity.kind.signIn',
  'sign-in-failed': 'activity.kind.signInFailed',
  'code-asked': 'activity.kind.codeAsked',
  'wrong-code': 'activity.kind.wrongCode',
  'sign-out': 'activity.kind.signOut',
  'password-changed': 'activity.kind.passwordChanged',
  'link-issued': 'activity.kind.linkIssued',
  'link-used': 'activity.kind.linkUsed',
  'link-revoked': 'activity.kind.linkRevoked',
  'email-set': 'activity.kind.emailSet',
  'email-confirmed': 'activity.kind.emailConfirmed',
  'two-step-on': 'activity.kind.twoStepOn',
  'two-step-off': 'activity.kind.twoStepOff',
  'two-step-cleared': 'activity.kind.twoStepCleared',
  'recovery-code-used': 'activity.kind.recoveryCodeUsed',
  'recovery-codes-replaced': 'activity.kind.recoveryCodesReplaced',
  'account-created': 'activity.kind.accountCreated',
  blocked: 'activity.kind.blocked',
  unblocked: 'activity.kind.unblocked',
  'export-downloaded': 'activity.kind.exportDownloaded',
  'feed-key-created': 'activity.kind.feedKeyCreated',
  'feed-key-revoked': 'activity.kind.feedKeyRevoked',
  'feed-batch-applied': 'activity.kind.feedBatchApplied',
  'feed-batch-refused': 'activity.kind.feedBatchRefused',
  'mail-discarded': 'activity.kind.mailDiscarded',
  'mail-previewed': 'activity.kind.mailPreviewed',
};

/**
 * Activity (every role): the access facts the caller may see (its own; a manager its subtree's;
 * the superadmin and admins everything), newest first, paged and sorted on the server, filtered
 * by kind, by whom, account and dates, with its CSV and Excel export.
 */
export default function ActivityPage({ screen }: ScreenPageProps) {
  const { filters, draft, setDraft, page, pageSize, order, sort, search, tablePaging } = useListFilters(FIELDS, {
    pageSizes: ACTIVITY_PAGE_SIZES,
    sorts: ACTIVITY_SORTS,
    sort: 'at',
    order: 'desc',
    sortOfColumn: SORT_OF_COLUMN,
  });
  const query = {
    kind: (ACTIVITY_KINDS as readonly string[]).includes(filters.kind) ? (filters.kind as ActivityKind) : undefined,
    actor: filters.actor || undefined,
    subject: filters.subject || undefined,
    fromDate: filters.fromDate || undefined,
    toDate: filters.toDate || undefined,
  };
  // An empty date is no bound here (not the 7-day default): no dates at all reach today too.
  const report = useActivity({ ...query, page, pageSize, sort, order }, { live: rangeIncludesToday(filters) });
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error, 'activity');
  const { t, label } = useMessages();

  const columns = useMemo(
    () =>
      tableColumns<ActivityRow>(ACTIVITY_COLUMNS, {
        actor: { sortable: false },
        subject: { sortable: false },
        address: { sortable: false },
        device: { sortable: false },
        details: { sortable: false },
      }),
    [],
  );

  const text = (name: 'actor' | 'subject' | 'fromDate' | 'toDate', label: string, width: number, placeholder?: string) => (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
      w={width}
    />
  );

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error} live={report.live}>
      <ReportToolbar onSubmit={() => search(report.refetch)} loading={isFetching}>
        <Select
          label={label(FIELD_LABELS.activity.kind)}
          data={[{ value: '', label: t('activity.any') }, ...ACTIVITY_KINDS.map((k) => ({ value: k, label: t(KIND_NAMES[k]) }))]}
          value={draft.kind}
          onChange={(value) => setDraft({ ...draft, kind: value ?? '' })}
          allowDeselect={false}
          w={200}
        />
        {text('actor', label(FIELD_LABELS.activity.actor), 150)}
        {text('subject', label(FIELD_LABELS.activity.subject), 150)}
        {text('fromDate', label(DATE_LABELS.fromDate), 140, t('dates.placeholder'))}
        {text('toDate', label(DATE_LABELS.toDate), 140, t('dates.placeholder'))}
      </ReportToolbar>
      {data && !error && (
        <Text size="sm">
          {t(data.totalIsLowerBound ? 'activity.moreThanEntries' : 'activity.entries', {
            count: data.total,
            n: formatInt(data.total),
          })}
        </Text>
      )}
      <UrlPagedTable
        report={report}
        paging={tablePaging}
        columns={columns}
        ariaLabel={label(screen.label)}
        getRowId={(row) => row._id}
        exportHref={activityExport({ ...query, sort, order })}
      />
    </PageFrame>
  );
}
