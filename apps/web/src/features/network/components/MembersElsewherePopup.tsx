import { Alert } from '@mantine/core';
import { DAILY_MEMBERS_COLUMNS, type MemberElsewhereRow } from '@playrep/contracts';
import { useMemo, useState } from 'react';
import { MemberLink } from '../../../components/report/MemberLink';
import { type Numbered, numbered, tableColumns } from '../../../components/report/table-columns';
import { useReportErrorLog } from '../../../components/report/use-report-error-log';
import { DataTable, Popup } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { DataText } from '../../../lib/i18n/data-text';
import { useMessages } from '../../../lib/i18n/messages';
import { dailyStatusMembersExport, useDailyStatusMembers } from '../api/daily-status-members';

const COLUMNS = tableColumns<Numbered<MemberElsewhereRow>>(DAILY_MEMBERS_COLUMNS, {
  // Every row is a member: its username opens its member page.
  username: { type: 'custom', sortValue: (row) => row.username, render: (row) => <MemberLink username={row.username} /> },
});

/** Whose members the popup shows: an agent of the Daily Status report on its day. */
export interface MembersElsewhere {
  subjectId: string | undefined;
  /** The agent's (master's) username. */
  agentId: string;
  date: string;
}

/** The daily member-points popup: an agent's members who played in other agents' cafes that day. */
export function MembersElsewherePopup({ of, onClose }: { of: MembersElsewhere | null; onClose: () => void }) {
  // The last agent stays shown while the popup fades out.
  const [shown, setShown] = useState(of);
  if (of && of !== shown) setShown(of);
  // The Daily Status day as both bounds of the range.
  const params = shown ? { id: shown.subjectId, agentId: shown.agentId, fromDate: shown.date, toDate: shown.date } : {};
  // Another agent's members start empty, never under the previous agent's name.
  const members = useDailyStatusMembers(params, { enabled: shown !== null, keepPrevious: false });
  useReportErrorLog('Daily Status members', members.error);
  const rows = useMemo(() => numbered(members.data?.data ?? []), [members.data]);
  const { t } = useMessages();
  const title = shown ? (
    <DataText id={'network.dailyStatus.membersTitle'} data={{ agent: shown.agentId }} values={{ day: formatDate(shown.date) }} />
  ) : (
    ''
  );

  return (
    <Popup opened={of !== null} onClose={onClose} title={title} size="xl">
      {members.error ? (
        <Alert color="red" role="alert" mb="sm">
          {errorMessage(members.error)}
        </Alert>
      ) : null}
      {shown && (
        <DataTable
          columns={COLUMNS}
          rows={rows}
          loading={members.isFetching}
          ariaLabel={t('network.dailyStatus.membersTable', { agent: shown.agentId })}
          exportHref={dailyStatusMembersExport(params)}
        />
      )}
    </Popup>
  );
}
