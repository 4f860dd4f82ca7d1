import { Alert, Anchor, Breadcrumbs, Stack, Text } from '@mantine/core';
import { type AgentRow, BALANCE_CHILD_COLUMNS } from '@playrep/contracts';
import { useMemo, useState } from 'react';
import { type Numbered, numbered, tableColumns } from '../../../components/report/table-columns';
import { useReportErrorLog } from '../../../components/report/use-report-error-log';
import { DataTable, Popup } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { DataText } from '../../../lib/i18n/data-text';
import { message, useMessages } from '../../../lib/i18n/messages';
import { balanceChildrenExport, useBalanceChildren } from '../api/balance-children';
import { IdButton } from './IdButton';

type Row = Numbered<AgentRow>;
const PAGE_SIZE = 3;

export interface BalanceChildrenPopupProps {
  subjectId: string | undefined;
  /** Username of the agent whose id was clicked in the report; null: closed. */
  agent: string | null;
  onClose: () => void;
}

/**
 * The child accounts of an agent (Sr. No., Child ID, Agent Name, Points) or 'No Data'. Every child
 * id is a link one level further down (a member's shows 'No Data'); the breadcrumb (the server's
 * path from the subject) leads back up. Every level comes from the server, which refuses anything
 * outside the manager's subtree, and the popup only offers accounts the server listed.
 */
export function BalanceChildrenPopup({ subjectId, agent, onClose }: BalanceChildrenPopupProps) {
  const { t } = useMessages();
  const [level, setLevel] = useState<string | null>(agent);
  const [openedFor, setOpenedFor] = useState(agent);
  if (agent !== openedFor) {
    setOpenedFor(agent);
    if (agent) setLevel(agent); // a new click in the report starts from that agent
  }

  const params = level ? { id: subjectId, agentId: level } : null;
  // Loads only while the popup is open; the previous level stays shown while the next loads.
  const children = useBalanceChildren(params ?? {}, { enabled: params !== null });
  useReportErrorLog('Balance Report children', children.error);
  const data = children.data;
  const rows = useMemo(() => numbered(data?.data ?? []), [data]);

  const columns = useMemo(
    () =>
      tableColumns<Row>(BALANCE_CHILD_COLUMNS, {
        // Every id opens the next level (docs/screens.md, Balance Report: its child accounts or 'No Data'), players included.
        username: {
          render: (row) => (
            <IdButton
              username={row.username}
              description={message('network.balance.showItsChildren')}
              onClick={() => setLevel(row.username)}
            />
          ),
        },
      }),
    [],
  );

  const path = data?.path ?? [];
  const loadingFirst = children.isPending && params !== null;

  return (
    <Popup
      opened={agent !== null}
      onClose={onClose}
      title={<DataText id={'network.balance.childrenOf'} data={{ agent: level ?? '' }} />}
      size="xl"
    >
      <Stack gap="sm">
        {children.error ? (
          <Alert color="red" role="alert">
            {errorMessage(children.error)}
          </Alert>
        ) : null}
        {path.length > 0 && (
          <nav aria-label={t('network.balance.path')}>
            <Breadcrumbs translate="no" separator={<span aria-hidden="true">›</span>}>
              {path.map((step, index) =>
                index === path.length - 1 ? (
                  <Text key={step._id} size="sm" fw={700} aria-current="page">
                    {step.username}
                  </Text>
                ) : (
                  <Anchor
                    key={step._id}
                    component="button"
                    type="button"
                    size="sm"
                    c="blue.9"
                    onClick={() => setLevel(step.username)}
                  >
                    {step.username}
                  </Anchor>
                ),
              )}
            </Breadcrumbs>
          </nav>
        )}
        {params && !loadingFirst && rows.length === 0 && !children.isFetching ? (
          <Text>{t('network.balance.noData')}</Text>
        ) : (
          params && (
            <DataTable
              columns={columns}
              rows={rows}
              defaultPageSize={PAGE_SIZE}
              loading={children.isFetching}
              emptyText={t('network.balance.noData')}
              ariaLabel={t('network.balance.childrenOf', { agent: level ?? '' })}
              exportHref={balanceChildrenExport(params)}
              getRowId={(row) => row._id}
            />
          )
        )}
      </Stack>
    </Popup>
  );
}
