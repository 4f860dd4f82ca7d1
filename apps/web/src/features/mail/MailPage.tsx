import { Button, Group, Stack, Text } from '@mantine/core';
import {
  MAIL_KINDS,
  MAIL_OUTBOX_COLUMNS,
  MAIL_PAGE_SIZES,
  MAIL_SORTS,
  MAIL_STATES,
  type MailKind,
  type MailOutboxRow,
  type MailState,
  WAITING_MAIL_STATES,
} from '@playrep/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FilterSelect, FilterText } from '../../components/report/FilterFields';
import { useListFilters } from '../../components/report/list-filters';
import { PageFrame } from '../../components/report/PageFrame';
import { tableColumns } from '../../components/report/table-columns';
import { listTable, UrlPagedTable } from '../../components/report/UrlPagedTable';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { Popup, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { errorMessage } from '../../lib/api-client';
import { formatInt } from '../../lib/format';
import { useMessages } from '../../lib/i18n/messages';
import { useMailDiscard } from './api/mail-discard';
import { mailOutboxExport, useMailOutbox } from './api/mail-outbox';
import { useForgetMailPreviews } from './api/mail-preview';
import { useMailRetry } from './api/mail-retry';
import { MailPreview } from './components/MailPreview';
import { MAIL_KIND_NAMES, MAIL_STATE_NAMES } from './components/mail-names';

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

/** The states a mail waits in: it may be discarded. */
const WAITING: readonly MailState[] = WAITING_MAIL_STATES;
/** The states Retry now sends again from (a sent, cancelled or expired mail is never sent again). */
const RETRIED: readonly MailState[] = ['pending', 'held', 'failed'];

/**
 * Mail (superadmin): every mail of the outbox with its state, kind, recipient, week, attempts and
 * the mail server's last answer or why it was closed, paged and sorted on the server, filtered by
 * state, kind, recipient or account, and week; counts by state above; each mail's preview (its
 * secrets hidden), Retry now and Discard; Discard all held, once confirmed.
 */
export default function MailPage({ screen }: ScreenPageProps) {
  const { filters, field, page, pageSize, order, sort, search, tablePaging } = useListFilters(FIELDS, {
    pageSizes: MAIL_PAGE_SIZES,
    sorts: MAIL_SORTS,
    sort: 'createdAt',
    order: 'desc',
    sortOfColumn: SORT_OF_COLUMN,
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
  const discard = useMailDiscard();
  const forgetPreviews = useForgetMailPreviews();
  const [previewOf, setPreviewOf] = useState<MailOutboxRow | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const { t, label, language } = useMessages();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts follow the language
  const columns = useMemo(() => {
    const answered = (answer: { message: string }) => setNotice({ ok: true, text: answer.message });
    const failed = (failure: unknown) => setNotice({ ok: false, text: errorMessage(failure) });
    return [
      ...tableColumns<MailOutboxRow>(MAIL_OUTBOX_COLUMNS, {
        username: { sortable: false },
        lastAnswer: { sortable: false },
      }),
      {
        key: '_id' as const,
        header: t('mail.outbox.actions'),
        type: 'custom' as const,
        sortable: false,
        render: (row: MailOutboxRow) => (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => {
                forgetPreviews();
                setPreviewOf(row);
              }}
              aria-label={t('mail.outbox.previewOf', { id: row._id, subject: row.subject })}
            >
              {t('mail.outbox.preview')}
            </Button>
            {RETRIED.includes(row.state) && (
              <MailAction
                action={retry}
                mailId={row._id}
                done={{ onSuccess: answered, onError: failed }}
                label={t('mail.outbox.retry')}
                ariaLabel={t('mail.outbox.retryOf', { id: row._id, recipient: row.recipient })}
              />
            )}
            {WAITING.includes(row.state) && (
              <MailAction
                action={discard.one}
                mailId={row._id}
                done={{ onSuccess: answered, onError: failed }}
                label={t('mail.outbox.discard')}
                ariaLabel={t('mail.outbox.discardOf', { id: row._id, recipient: row.recipient })}
                color="red"
              />
            )}
          </Group>
        ),
      },
    ];
  }, [retry, discard.one, forgetPreviews, language]);

  const discardHeld = () =>
    discard.held.mutate(undefined, {
      onSuccess: (answer) => setNotice({ ok: true, text: answer.message }),
      onError: (failure) => setNotice({ ok: false, text: errorMessage(failure) }),
      onSettled: () => setConfirmingDiscard(false),
    });
  const held = data && !error ? data.counts.held : 0;

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error}>
      <ReportToolbar onSubmit={() => search(report.refetch)} loading={isFetching}>
        <FilterSelect
          label={label('State')}
          any="mail.outbox.any"
          values={MAIL_STATES}
          names={MAIL_STATE_NAMES}
          w={130}
          {...field('state')}
        />
        <FilterSelect
          label={label('Kind')}
          any="mail.outbox.any"
          values={MAIL_KINDS}
          names={MAIL_KIND_NAMES}
          w={210}
          {...field('kind')}
        />
        <FilterText label={label('Recipient or account')} w={210} {...field('recipient')} />
        <FilterText label={label('Week (any day of it)')} placeholder={t('dates.placeholder')} w={170} {...field('week')} />
      </ReportToolbar>
      {notice && (
        <Text role={notice.ok ? 'status' : 'alert'} size="sm">
          {notice.text}
        </Text>
      )}
      {data && !error && (
        <Group gap="xs" justify="space-between">
          <Text size="sm" aria-label={t('mail.outbox.byState')}>
            {MAIL_STATES.map((s) =>
              t('mail.outbox.stateCount', { state: t(MAIL_STATE_NAMES[s]), count: formatInt(data.counts[s]) }),
            ).join(' · ')}
          </Text>
          {held > 0 && (
            <Button variant="default" color="red" size="xs" onClick={() => setConfirmingDiscard(true)}>
              {t('mail.outbox.discardHeldCount', { count: formatInt(held) })}
            </Button>
          )}
        </Group>
      )}
      <UrlPagedTable
        {...listTable(label(screen.label), report, tablePaging, mailOutboxExport({ ...query, sort, order }))}
        columns={columns}
      />
      <MailPreview mail={previewOf} onClose={() => setPreviewOf(null)} />
      <Popup
        opened={confirmingDiscard}
        onClose={() => setConfirmingDiscard(false)}
        title={t('mail.outbox.discardHeldTitle')}
        size="md"
      >
        <Stack gap="sm">
          <Text size="sm">{t('mail.outbox.discardHeldQuestion', { count: formatInt(held), held })}</Text>
          <Group gap="xs" justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingDiscard(false)}>
              {t('mail.outbox.cancel')}
            </Button>
            <Button color="red" loading={discard.held.isPending} onClick={discardHeld}>
              {t('mail.outbox.discardHeld')}
            </Button>
          </Group>
        </Stack>
      </Popup>
    </PageFrame>
  );
}

/** A call on one mail of the list (retry, discard): a row's button, spinning while that mail's call is out. */
function MailAction({
  action,
  mailId,
  done,
  label,
  ariaLabel,
  color,
}: {
  action: UseMutationResult<{ message: string }, Error, string>;
  mailId: string;
  done: { onSuccess: (answer: { message: string }) => void; onError: (failure: unknown) => void };
  label: string;
  ariaLabel: string;
  color?: string;
}) {
  return (
    <Button
      size="compact-xs"
      variant="default"
      color={color}
      loading={action.isPending && action.variables === mailId}
      onClick={() => action.mutate(mailId, done)}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
}
