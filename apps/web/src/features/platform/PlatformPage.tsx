import { Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { FEED_BATCH_COLUMNS, FEED_KEY_COLUMNS, type FeedKeyRow, FIELD_LABELS } from '@playrep/contracts';
import { useCallback, useMemo, useState } from 'react';
import { PageFrame } from '../../components/report/PageFrame';
import { tableColumns } from '../../components/report/table-columns';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, Outcome } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { errorMessage } from '../../lib/api-client';
import { textField } from '../../lib/text-field';
import { platformExport, useFeedKeyChanges, usePlatform } from './api/platform';

/**
 * Platform (superadmin): the feed keys without the command line (create, the key shown once;
 * revoke) with their use, and the last 100 batches with their outcome.
 */
export default function PlatformPage({ screen }: ScreenPageProps) {
  const report = usePlatform({});
  const { data, error, isFetching } = report;
  useReportErrorLog(screen.label, error, 'platform');
  const { create, revoke } = useFeedKeyChanges();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const failed = useCallback((failure: unknown) => setNotice({ ok: false, text: errorMessage(failure) }), []);

  const keyColumns = useMemo(
    () => [
      ...tableColumns<FeedKeyRow>(FEED_KEY_COLUMNS),
      {
        key: 'live' as const,
        header: 'Actions',
        type: 'custom' as const,
        sortable: false,
        render: (row: FeedKeyRow) =>
          row.live ? (
            <Button
              size="compact-xs"
              variant="default"
              aria-label={`Revoke feed key ${row.name}`}
              loading={revoke.isPending && revoke.variables === row.name}
              onClick={() =>
                revoke.mutate(row.name, { onSuccess: (answer) => setNotice({ ok: true, text: answer.message }), onError: failed })
              }
            >
              Revoke
            </Button>
          ) : null,
      },
    ],
    [revoke, failed],
  );
  const batchColumns = useMemo(() => tableColumns(FEED_BATCH_COLUMNS), []);

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error}>
      <Group align="flex-end" gap="xs">
        <TextInput label={FIELD_LABELS.feedKeyCreate.name} {...textField(name, setName)} w={220} />
        <Button
          color="dark"
          disabled={name.trim() === ''}
          loading={create.isPending}
          onClick={() =>
            create.mutate(name.trim(), {
              onSuccess: (answer) => {
                setCreated({ name: answer.name, key: answer.key });
                setNotice({ ok: true, text: answer.message });
                setName('');
              },
              onError: failed,
            })
          }
        >
          Create key
        </Button>
      </Group>
      <Outcome message={notice} />
      {created && (
        <Text size="sm">
          Key of {created.name}: <Code data-testid="new-feed-key">{created.key}</Code>
        </Text>
      )}
      {data && !error && (
        <Stack gap="md">
          <Title order={2} size="h4">
            Feed keys
          </Title>
          <DataTable
            columns={keyColumns}
            rows={data.keys}
            ariaLabel="Feed keys"
            getRowId={(row) => row.name}
            exportHref={platformExport({})}
          />
          <Title order={2} size="h4">
            Last 100 batches
          </Title>
          <DataTable columns={batchColumns} rows={data.batches} ariaLabel="Batches" getRowId={(row) => row._id} />
        </Stack>
      )}
    </PageFrame>
  );
}
