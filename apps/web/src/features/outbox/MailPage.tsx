import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import {
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  MAIL_OUTBOX_COLUMNS,
  MAIL_PAGE_SIZES,
  MAIL_SORTS,
  MAIL_STATE_LABELS,
  MAIL_STATES,
  type MailKind,
  type MailOutboxRow,
  type MailState,
} from '@playrep/contracts';
import { useMemo, useState } from 'react';
import { useListFilters } from '../../components/report/list-filters';
import { PageFrame } from '../../components/report/PageFrame';
import { tableColumns } from '../../components/report/table-columns';
import { columnSort, urlPaging, useLastPageWhenPastEnd } from '../../components/report/url-paging';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { errorMessage } from '../../lib/api-client';
import { formatInt } from '../../lib/format';
import { mailOutboxExport, useMailOutbox } from './api/mail-outbox';
import { useMailRetry } from './api/mail-retry';
import { MailPreview } from './components/MailPreview';

type Sort = (typeof MAIL_SORTS)[number];
const FIELDS = { state: '', kind: '', recipient: '', week: '' };
/** The server's sort names by the table's columns. */
const SORT_OF_COLUMN: Partial<Record<string, Sort>> = {
  createdAt: 'createdAt',
  stateLabel: 'state',
  kindLabel: 'kind',
  recipient: 'recipient',
  week: 'week',
  attempts: 'attempts',
  sentAt: 'sentAt',
};

/**
 * Mail (superadmin): every mail of the outbox with its state, kind, recipient, week, attempts and
 * the mail server's last answer, paged and sorted on the server, filtered by state, kind,
 * recipient or account, and week; counts by state above; each mail's preview and Retry now.
 */
export default function MailPage({ screen }: ScreenPageProps) {
  const { filters, setFilters, draft, setDraft, page, pageSize, order, sort, search } = useListFilters(FIELDS, {
    pageSizes: MAIL_PAGE_SIZES,
    sorts: MAIL_SORTS,
    sort: 'createdAt',
    order: 'desc',
  });
  const query = {
    state: (MAIL_STATES as readonly string[]).includes(filters.state) ? (filters.state as MailState) : undefined,
    kind: (MAIL_KINDS as readonly string[]).includes(filters.kind) ? (filters.kind as MailKind) : undefined,
    recipient: filters.recipient || undefined,
    week: filters.week || undefined,
  };
  const report = useMailOutbox({ ...query, page, pageSize, sort, order });
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error, 'mail');
  const retry = useMailRetry();
  const [previewOf, setPreviewOf] = useState<MailOutboxRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useLastPageWhenPastEnd({ page, pageSize }, report, setFilters);

  const columns = useMemo(
    () => [
      ...tableColumns<MailOutboxRow>(MAIL_OUTBOX_COLUMNS, {
        username: { sortable: false },
        lastAnswer: { sortable: false },
      }),
      {
        key: '_id' as const,
        header: 'Actions',
        type: 'custom' as const,
        sortable: false,
        render: (row: MailOutboxRow) => (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => setPreviewOf(row)}
              aria-label={`Preview mail ${row._id}: ${row.subject}`}
            >
              Preview
            </Button>
            {row.state !== 'sent' && (
              <Button
                size="compact-xs"
                variant="default"
                loading={retry.isPending && retry.variables === row._id}
                onClick={() =>
                  retry.mutate(row._id, {
                    onSuccess: (answer) => setNotice(answer.message),
                    onError: (failure) => setNotice(errorMessage(failure)),
                  })
                }
                aria-label={`Retry now: mail ${row._id} to ${row.recipient}`}
              >
                Retry now
              </Button>
            )}
          </Group>
        ),
      },
    ],
    [retry],
  );

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error}>
      <ReportToolbar onSubmit={() => search(report.refetch)} loading={isFetching}>
        <Select
          label="State"
          data={[{ value: '', label: 'Any' }, ...MAIL_STATES.map((s) => ({ value: s, label: MAIL_STATE_LABELS[s] }))]}
          value={draft.state}
          onChange={(value) => setDraft({ ...draft, state: value ?? '' })}
          allowDeselect={false}
          w={130}
        />
        <Select
          label="Kind"
          data={[{ value: '', label: 'Any' }, ...Object.entries(MAIL_KIND_LABELS).map(([value, label]) => ({ value, label }))]}
          value={draft.kind}
          onChange={(value) => setDraft({ ...draft, kind: value ?? '' })}
          allowDeselect={false}
          w={210}
        />
        <TextInput
          label="Recipient or account"
          value={draft.recipient}
          onChange={(event) => setDraft({ ...draft, recipient: event.currentTarget.value })}
          w={210}
        />
        <TextInput
          label="Week (any day of it)"
          placeholder="DD-Mon-YYYY"
          value={draft.week}
          onChange={(event) => setDraft({ ...draft, week: event.currentTarget.value })}
          w={170}
        />
      </ReportToolbar>
      {notice && (
        <Text role="status" size="sm">
          {notice}
        </Text>
      )}
      {data && !error && (
        <>
          <Text size="sm" aria-label="Mails by state">
            {MAIL_STATES.map((s) => `${MAIL_STATE_LABELS[s]}: ${formatInt(data.counts[s])}`).join(' · ')}
          </Text>
          <DataTable
            columns={columns}
            rows={data.data}
            ariaLabel="Mail"
            loading={isFetching}
            pageSizes={MAIL_PAGE_SIZES}
            getRowId={(row) => row._id}
            exportHref={mailOutboxExport({ ...query, sort, order })}
            serverPaging={urlPaging(
              setFilters,
              { page, pageSize, rowCount: data.total },
              columnSort(SORT_OF_COLUMN, sort, order, 'createdAt'),
            )}
          />
        </>
      )}
      <MailPreview mail={previewOf} onClose={() => setPreviewOf(null)} />
    </PageFrame>
  );
}
