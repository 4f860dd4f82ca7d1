import { Alert } from '@mantine/core';
import { DAILY_MEMBERS_COLUMNS, type MemberElsewhereRow } from '@playrep/contracts';
import { useMemo, useState } from 'react';
import { DataTable, Popup } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { type DailyStatusMembersParams, dailyStatusMembersExport, useDailyStatusMembers } from '../api/daily-status-members';
import { type Numbered, numbered, tableColumns } from './table-columns';
import { useReportErrorLog } from './use-report-error-log';

const COLUMNS = tableColumns<Numbered<MemberElsewhereRow>>(DAILY_MEMBERS_COLUMNS);

/** The daily member-points popup: an agent's members who played in other agents' cafes that day. */
export function MembersElsewherePopup({ params, onClose }: { params: DailyStatusMembersParams | null; onClose: () => void }) {
  // The last agent stays shown while the popup fades out.
  const [shown, setShown] = useState(params);
  if (params && params !== shown) setShown(params);
  const members = useDailyStatusMembers(shown);
  useReportErrorLog('Daily Status members', members.error);
  const rows = useMemo(() => numbered(members.data?.data ?? []), [members.data]);
  const title = shown ? `Members of ${shown.agentId} who played in other agents' cafes on ${formatDate(shown.date)}` : '';

  return (
    <Popup opened={params !== null} onClose={onClose} title={title} size="xl">
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
          ariaLabel={`Members of ${shown.agentId} in other agents' cafes`}
          exportHref={dailyStatusMembersExport(shown)}
        />
      )}
    </Popup>
  );
}
