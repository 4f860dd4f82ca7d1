import { Alert } from '@mantine/core';
import { CAFE_TERMINAL_COLUMNS, type CafeTerminalRow } from '@playrep/contracts';
import { useState } from 'react';
import { tableColumns } from '../../../components/report/table-columns';
import { useReportErrorLog } from '../../../components/report/use-report-error-log';
import { DataTable, Popup } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { DataText } from '../../../lib/i18n/data-text';
import { useMessages } from '../../../lib/i18n/messages';
import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/cafeterminals?id&cafeId&fromDate&toDate`: one cafe of Cafe Profit per terminal. */
const { useReport: useCafeTerminals, exportHref: cafeTerminalsExport } = reportCall('cafeTerminals');

const COLUMNS = tableColumns<CafeTerminalRow>(CAFE_TERMINAL_COLUMNS);

/** The cafe whose terminals the popup shows: a row of Cafe Profit over the report's range. */
export interface TerminalsOf {
  subjectId: string | undefined;
  cafeId: string;
  cafe: string;
  fromDate: string;
  toDate: string;
}

/**
 * Cafe Profit's terminals popup (docs/screens.md, Cafe Profit): the cafe's plays per terminal over
 * the report's range, the plays sent without a terminal as `unknown terminal`.
 */
export function CafeTerminalsPopup({ of, onClose }: { of: TerminalsOf | null; onClose: () => void }) {
  // The last cafe stays shown while the popup fades out.
  const [shown, setShown] = useState(of);
  if (of && of !== shown) setShown(of);
  const params = shown
    ? { id: shown.subjectId, cafeId: shown.cafeId, fromDate: shown.fromDate, toDate: shown.toDate }
    : { cafeId: '' };
  // Another cafe starts empty, never under the previous cafe's name.
  const terminals = useCafeTerminals(params, { enabled: shown !== null, keepPrevious: false });
  useReportErrorLog('Cafe Profit terminals', terminals.error);
  const { t } = useMessages();
  const title = shown ? (
    <DataText
      id={'insight.cafeProfit.terminalsTitle'}
      data={{ cafe: shown.cafe }}
      values={{ from: formatDate(shown.fromDate), to: formatDate(shown.toDate) }}
    />
  ) : (
    ''
  );

  return (
    <Popup opened={of !== null} onClose={onClose} title={title} size="xl">
      {terminals.error ? (
        <Alert color="red" role="alert" mb="sm">
          {errorMessage(terminals.error)}
        </Alert>
      ) : null}
      {shown && (
        <DataTable
          columns={COLUMNS}
          rows={terminals.data?.data ?? []}
          loading={terminals.isFetching}
          ariaLabel={t('insight.cafeProfit.terminalsTable', { cafe: shown.cafe })}
          getRowId={(row) => row.terminalId ?? ''}
          exportHref={cafeTerminalsExport(params)}
        />
      )}
    </Popup>
  );
}
