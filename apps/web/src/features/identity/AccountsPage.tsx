import { Button, Code, Group, Stack, Text } from '@mantine/core';
import {
  ACCESS_STATES,
  ACCOUNT_COLUMNS,
  ACCOUNT_PAGE_SIZES,
  ACCOUNT_SORTS,
  type AccessState,
  type AccountRow,
  FIELD_LABELS,
  type IssuedLink,
  ROLES,
  type Role,
} from '@playrep/contracts';
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
import { formatDateTime, formatInt } from '../../lib/format';
import { DataText } from '../../lib/i18n/data-text';
import { type MessageId, useMessages } from '../../lib/i18n/messages';
import { accountsExport, downloadBulkLinks, useAccountActions, useAccounts } from './api/access';
import { ROLE_NAMES } from './components/role-names';

type Sort = (typeof ACCOUNT_SORTS)[number];
/** An access state's name (the contracts' ACCESS_STATE_LABELS, in the chosen language). */
const ACCESS_STATE_NAMES: Readonly<Record<AccessState, MessageId>> = {
  noPassword: 'identity.accessState.noPassword',
  linkSent: 'identity.accessState.linkSent',
  active: 'identity.accessState.active',
  blocked: 'identity.accessState.blocked',
  inactive: 'identity.accessState.inactive',
};
const FIELDS = { role: '', state: '', q: '' };

/** A button label that wraps onto another line where the screen is narrow, rather than being cut. */
const WRAPPING_LABEL = {
  root: { height: 'auto', minHeight: 'var(--button-height)', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'start', paddingBlock: 4 },
} as const;
/** The server's sort names by the table's columns. */
const SORT_OF_COLUMN: Partial<Record<string, Sort>> = {
  username: 'username',
  name: 'name',
  role: 'role',
  parent: 'parent',
  stateLabel: 'state',
  twoStepLabel: 'twoStep',
  lastSignInAt: 'lastSignIn',
};

/**
 * Accounts (every role with accounts below it; docs/domain.md, "Access"): the accounts the caller
 * manages with their access state and two-step, paged, sorted and filtered on the server; issue a
 * sign-in link, block or unblock one, clear its two-step (once confirmed: a lost phone); the links
 * of every account without a password as a CSV file to hand out.
 */
export default function AccountsPage({ screen, role: myRole }: ScreenPageProps) {
  const { filters, field, page, pageSize, order, sort, search, tablePaging } = useListFilters(FIELDS, {
    pageSizes: ACCOUNT_PAGE_SIZES,
    sorts: ACCOUNT_SORTS,
    sort: 'username',
    order: 'asc',
    sortOfColumn: SORT_OF_COLUMN,
  });
  const belowRoles = ROLES.slice(ROLES.indexOf(myRole) + 1);
  const query = {
    role: (belowRoles as readonly string[]).includes(filters.role) ? (filters.role as Role) : undefined,
    state: (ACCESS_STATES as readonly string[]).includes(filters.state) ? (filters.state as AccessState) : undefined,
    q: filters.q || undefined,
  };
  const report = useAccounts({ ...query, page, pageSize, sort, order });
  const { error, isFetching } = report;
  useReportErrorLog(screen.label, error, 'accounts');
  const { issueLink, block, unblock, clearTwoStep } = useAccountActions();
  const { t, label, language } = useMessages();
  /** The account whose two-step the manager is asked to confirm clearing. */
  const [clearing, setClearing] = useState<AccountRow | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string; link?: IssuedLink } | null>(null);
  const [bulkPending, setBulkPending] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts follow the language
  const columns = useMemo(() => {
    const failed = (failure: unknown) => setNotice({ ok: false, text: errorMessage(failure) });
    return [
      ...tableColumns<AccountRow>(ACCOUNT_COLUMNS, {
        stateLabel: {
          render: (row: AccountRow) =>
            row.linkExpiresAt
              ? t('identity.accounts.until', { state: row.stateLabel, time: formatDateTime(row.linkExpiresAt) })
              : row.stateLabel,
        },
      }),
      {
        key: '_id' as const,
        header: t('identity.accounts.actions'),
        type: 'custom' as const,
        sortable: false,
        render: (row: AccountRow) => (
          <Group gap={4} wrap="nowrap">
            {row.state !== 'blocked' && row.state !== 'inactive' && (
              <Button
                size="compact-xs"
                variant="default"
                loading={issueLink.isPending && issueLink.variables === row.username}
                onClick={() =>
                  issueLink.mutate(row.username, {
                    onSuccess: (answer) => setNotice({ ok: true, text: answer.message, link: answer.link }),
                    onError: failed,
                  })
                }
                aria-label={t('identity.accounts.issueLinkOf', { username: row.username })}
              >
                {t('identity.accounts.issueLink')}
              </Button>
            )}
            {row.state === 'blocked' ? (
              <Button
                size="compact-xs"
                variant="default"
                onClick={() =>
                  unblock.mutate(row.username, { onSuccess: (a) => setNotice({ ok: true, text: a.message }), onError: failed })
                }
                aria-label={t('identity.accounts.unblockOf', { username: row.username })}
              >
                {t('identity.accounts.unblock')}
              </Button>
            ) : (
              <Button
                size="compact-xs"
                variant="default"
                color="red"
                onClick={() =>
                  block.mutate(row.username, { onSuccess: (a) => setNotice({ ok: true, text: a.message }), onError: failed })
                }
                aria-label={t('identity.accounts.blockOf', { username: row.username })}
              >
                {t('identity.accounts.block')}
              </Button>
            )}
            {row.twoStep && (
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => setClearing(row)}
                aria-label={t('identity.accounts.clearTwoStepOf', { username: row.username })}
              >
                {t('identity.accounts.clearTwoStep')}
              </Button>
            )}
          </Group>
        ),
      },
    ];
  }, [issueLink, block, unblock, language]);

  const confirmClear = (row: AccountRow) =>
    clearTwoStep.mutate(row, {
      onSuccess: (answer) => setNotice({ ok: true, text: answer.message }),
      onError: (failure) => setNotice({ ok: false, text: errorMessage(failure) }),
      onSettled: () => setClearing(null),
    });

  const bulk = async () => {
    setBulkPending(true);
    try {
      const rows = await downloadBulkLinks(query.role);
      setNotice({
        ok: true,
        text:
          rows === 0
            ? t('identity.accounts.noLinkIssued')
            : t('identity.accounts.linksIssued', { count: rows, n: formatInt(rows) }),
      });
      void report.refetch();
    } catch (failure) {
      setNotice({ ok: false, text: errorMessage(failure) });
    } finally {
      setBulkPending(false);
    }
  };

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error}>
      <ReportToolbar onSubmit={() => search(report.refetch)} loading={isFetching}>
        <FilterSelect
          label={label(FIELD_LABELS.accounts.role)}
          any="identity.accounts.any"
          values={belowRoles}
          names={ROLE_NAMES}
          w={170}
          {...field('role')}
        />
        <FilterSelect
          label={label(FIELD_LABELS.accounts.state)}
          any="identity.accounts.any"
          values={ACCESS_STATES}
          names={ACCESS_STATE_NAMES}
          w={200}
          {...field('state')}
        />
        <FilterText label={label(FIELD_LABELS.accounts.q)} w={190} {...field('q')} />
      </ReportToolbar>
      <Group gap="xs">
        <Button variant="default" size="xs" loading={bulkPending} onClick={() => void bulk()} styles={WRAPPING_LABEL}>
          {query.role
            ? t('identity.accounts.bulkLinksOfRole', { role: t(ROLE_NAMES[query.role]) })
            : t('identity.accounts.bulkLinks')}
        </Button>
      </Group>
      {notice && (
        <Stack gap={4} role={notice.ok ? 'status' : 'alert'}>
          <Text size="sm">{notice.text}</Text>
          {notice.link && (
            <Code block translate="no" aria-label={t('identity.accounts.linkOf', { username: notice.link.username })}>
              {notice.link.link}
            </Code>
          )}
        </Stack>
      )}
      <Popup opened={clearing !== null} onClose={() => setClearing(null)} title={t('identity.accounts.clearTwoStep')} size="md">
        {clearing && (
          <Stack gap="sm">
            <Text size="sm">
              <DataText id="identity.accounts.clearQuestion" data={{ username: clearing.username }} />
            </Text>
            <Group gap="xs" justify="flex-end">
              <Button variant="default" onClick={() => setClearing(null)}>
                {t('identity.accounts.cancel')}
              </Button>
              <Button color="red" loading={clearTwoStep.isPending} onClick={() => confirmClear(clearing)}>
                {t('identity.accounts.clearTwoStep')}
              </Button>
            </Group>
          </Stack>
        )}
      </Popup>
      <UrlPagedTable
        {...listTable(label(screen.label), report, tablePaging, accountsExport({ ...query, sort, order }))}
        columns={columns}
      />
    </PageFrame>
  );
}
