import { Text } from '@mantine/core';
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
import { FilterSelect, FilterText } from '../../components/report/FilterFields';
import { useListFilters } from '../../components/report/list-filters';
import { PageFrame } from '../../components/report/PageFrame';
import { tableColumns } from '../../components/report/table-columns';
import { listTable, UrlPagedTable } from '../../components/report/UrlPagedTable';
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
  const { filters, field, page, pageSize, order, sort, search, tablePaging } = useListFilters(FIELDS, {
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

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error} live={report.live}>
      <ReportToolbar onSubmit={() => search(report.refetch)} loading={isFetching}>
        <FilterSelect
          label={label(FIELD_LABELS.activity.kind)}
          any="activity.any"
          values={ACTIVITY_KINDS}
          names={KIND_NAMES}
          w={200}
          {...field('kind')}
        />
        <FilterText label={label(FIELD_LABELS.activity.actor)} w={150} {...field('actor')} />
        <FilterText label={label(FIELD_LABELS.activity.subject)} w={150} {...field('subject')} />
        <FilterText label={label(DATE_LABELS.fromDate)} placeholder={t('dates.placeholder')} w={140} {...field('fromDate')} />
        <FilterText label={label(DATE_LABELS.toDate)} placeholder={t('dates.placeholder')} w={140} {...field('toDate')} />
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
        {...listTable(label(screen.label), report, tablePaging, activityExport({ ...query, sort, order }))}
        columns={columns}
      />
    </PageFrame>
  );
}
