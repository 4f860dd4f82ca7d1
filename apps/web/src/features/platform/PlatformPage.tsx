import { Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { FEED_BATCH_COLUMNS, FEED_KEY_COLUMNS, type FeedKeyRow, FIELD_LABELS } from '@playrep/contracts';
import { useCallback, useMemo, useState } from 'react';
import { PageFrame } from '../../components/report/PageFrame';
import { TitledTable } from '../../components/report/TitledTable';
import { tableColumns } from '../../components/report/table-columns';
import { useReportErrorLog } from '../../components/report/use-report-error-log';
import { DataTable, Outcome } from '../../components/ui';
import type { ScreenPageProps } from '../../config/navigation';
import { errorMessage } from '../../lib/api-client';
import { DataText } from '../../lib/i18n/data-text';
import { useMessages } from '../../lib/i18n/messages';
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
  const { t, label, language } = useMessages();
  const failed = useCallback((failure: unknown) => setNotice({ ok: false, text: errorMessage(failure) }), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts follow the language
  const keyColumns = useMemo(
    () => [
      ...tableColumns<FeedKeyRow>(FEED_KEY_COLUMNS),
      {
        key: 'live' as const,
        header: t('platform.actions'),
        type: 'custom' as const,
        sortable: false,
        render: (row: FeedKeyRow) =>
          row.live ? (
            <Button
              size="compact-xs"
              variant="default"
              aria-label={t('platform.revokeOf', { name: row.name })}
              loading={revoke.isPending && revoke.variables === row.name}
              onClick={() =>
                revoke.mutate(row.name, { onSuccess: (answer) => setNotice({ ok: true, text: answer.message }), onError: failed })
              }
            >
              {t('platform.revoke')}
            </Button>
          ) : null,
      },
    ],
    [revoke, failed, language],
  );
  const batchColumns = useMemo(() => tableColumns(FEED_BATCH_COLUMNS), []);

  return (
    <PageFrame title={screen.label} loading={isFetching} error={error}>
      <Group align="flex-end" gap="xs">
        <TextInput label={label(FIELD_LABELS.feedKeyCreate.name)} {...textField(name, setName)} w={220} />
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
          {t('platform.createKey')}
        </Button>
      </Group>
      <Outcome message={notice} />
      {created && (
        <Text size="sm">
          <DataText
            id="platform.keyOf"
            data={{ name: created.name, key: <Code data-testid="new-feed-key">{created.key}</Code> }}
          />
        </Text>
      )}
      {data && !error && (
        <Stack gap="md">
          <TitledTable
            title={t('platform.feedKeys')}
            columns={keyColumns}
            rows={data.keys}
            getRowId={(row) => row.name}
            exportHref={platformExport({})}
          />
          <Title order={2} size="h4">
            {t('platform.lastBatches')}
          </Title>
          <DataTable columns={batchColumns} rows={data.batches} ariaLabel={t('platform.batches')} getRowId={(row) => row._id} />
        </Stack>
      )}
    </PageFrame>
  );
}
