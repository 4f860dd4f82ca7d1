import { Button, Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  ACCESS_STATE_LABELS,
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
import { useListFilters } from '../../components/report/list-filters';
import { PageFrame } from '../../components/report/PageFrame';
import { tableColumns } from '../../components/report/table-columns';
import { columnSort, urlPaging, useLastPageWhenPastEnd } from '../../components/report/url-paging';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, Popup, ReportToolbar } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { errorMessage } from '../../lib/api-client';
import { formatCount, formatDateTime } from '../../lib/format';
import { accountsExport, downloadBulkLinks, useAccountActions, useAccounts } from './api/access';

type Sort = (typeof ACCOUNT_SORTS)[number];
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
  const { filters, setFilters, draft, setDraft, page, pageSize, order, sort, search } = useListFilters(FIELDS, {
    pageSizes: ACCOUNT_PAGE_SIZES,
    sorts: ACCOUNT_SORTS,
    sort: 'username',
    order: 'asc',
  });
  const belowRoles = ROLES.slice(ROLES.indexOf(myRole) + 1);
  const query = {
    role: (belowRoles as readonly string[]).includes(filters.role) ? (filters.role as Role) : undefined,
    state: (ACCESS_STATES as readonly string[]).includes(filters.state) ? (filters.state as AccessState) : undefined,
    q: filters.q || undefined,
  };
  const report = useAccounts({ ...query, page, pageSize, sort, order });
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error, 'accounts');
  const { issueLink, block, unblock, clearTwoStep } = useAccountActions();
  /** The account whose two-step the manager is asked to confirm clearing. */
  const [clearing, setClearing] = useState<AccountRow | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string; link?: IssuedLink } | null>(null);
  const [bulkPending, setBulkPending] = useState(false);

  useLastPageWhenPastEnd({ page, pageSize }, report, setFilters);

  const columns = useMemo(() => {
    const failed = (failure: unknown) => setNotice({ ok: false, text: errorMessage(failure) });
    return [
      ...tableColumns<AccountRow>(ACCOUNT_COLUMNS, {
        stateLabel: {
          render: (row: AccountRow) =>
            row.linkExpiresAt ? `${row.stateLabel} (until ${formatDateTime(row.linkExpiresAt)})` : row.stateLabel,
        },
      }),
      {
        key: '_id' as const,
        header: 'Actions',
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
                aria-label={`Issue a sign-in link for ${row.username}`}
              >
                Issue link
              </Button>
            )}
            {row.state === 'blocked' ? (
              <Button
                size="compact-xs"
                variant="default"
                onClick={() =>
                  unblock.mutate(row.username, { onSuccess: (a) => setNotice({ ok: true, text: a.message }), onError: failed })
                }
                aria-label={`Unblock ${row.username}`}
              >
                Unblock
              </Button>
            ) : (
              <Button
                size="compact-xs"
                variant="default"
                color="red"
                onClick={() =>
                  block.mutate(row.username, { onSuccess: (a) => setNotice({ ok: true, text: a.message }), onError: failed })
                }
                aria-label={`Block ${row.username}`}
              >
                Block
              </Button>
            )}
            {row.twoStep && (
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => setClearing(row)}
                aria-label={`Clear two-step of ${row.username}`}
              >
                Clear two-step
              </Button>
            )}
          </Group>
        ),
      },
    ];
  }, [issueLink, block, unblock]);

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
            ? 'Every account below yours already has a password: no link was issued.'
            : `${formatCount(rows, 'sign-in link')} issued and saved as a CSV file. Each works once, and replaces any earlier link of its account.`,
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
        <Select
          label={FIELD_LABELS.accounts.role}
          data={[{ value: '', label: 'Any' }, ...belowRoles.map((r) => ({ value: r, label: r }))]}
          value={draft.role}
          onChange={(value) => setDraft({ ...draft, role: value ?? '' })}
          allowDeselect={false}
          w={170}
        />
        <Select
          label={FIELD_LABELS.accounts.state}
          data={[{ value: '', label: 'Any' }, ...ACCESS_STATES.map((s) => ({ value: s, label: ACCESS_STATE_LABELS[s] }))]}
          value={draft.state}
          onChange={(value) => setDraft({ ...draft, state: value ?? '' })}
          allowDeselect={false}
          w={200}
        />
        <TextInput
          label={FIELD_LABELS.accounts.q}
          value={draft.q}
          onChange={(event) => setDraft({ ...draft, q: event.currentTarget.value })}
          w={190}
        />
      </ReportToolbar>
      <Group gap="xs">
        <Button variant="default" size="xs" loading={bulkPending} onClick={() => void bulk()} styles={WRAPPING_LABEL}>
          Links for every account without a password{query.role ? ` (${query.role})` : ''} (CSV)
        </Button>
      </Group>
      {notice && (
        <Stack gap={4} role={notice.ok ? 'status' : 'alert'}>
          <Text size="sm">{notice.text}</Text>
          {notice.link && (
            <Code block aria-label={`Sign-in link for ${notice.link.username}`}>
              {notice.link.link}
            </Code>
          )}
        </Stack>
      )}
      <Popup opened={clearing !== null} onClose={() => setClearing(null)} title="Clear two-step" size="md">
        {clearing && (
          <Stack gap="sm">
            <Text size="sm">
              Clear the two-step sign-in of {clearing.username}? It then signs in with its password alone, and may set two-step up
              again from its account page.
            </Text>
            <Group gap="xs" justify="flex-end">
              <Button variant="default" onClick={() => setClearing(null)}>
                Cancel
              </Button>
              <Button color="red" loading={clearTwoStep.isPending} onClick={() => confirmClear(clearing)}>
                Clear two-step
              </Button>
            </Group>
          </Stack>
        )}
      </Popup>
      {data && !error && (
        <DataTable
          columns={columns}
          rows={data.data}
          ariaLabel="Accounts"
          loading={isFetching}
          pageSizes={ACCOUNT_PAGE_SIZES}
          getRowId={(row) => row._id}
          exportHref={accountsExport({ ...query, sort, order })}
          serverPaging={urlPaging(
            setFilters,
            { page, pageSize, rowCount: data.total },
            columnSort(SORT_OF_COLUMN, sort, order, 'username'),
          )}
        />
      )}
    </PageFrame>
  );
}
