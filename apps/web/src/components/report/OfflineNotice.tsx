import { Alert } from '@mantine/core';
import { formatClock, formatDate } from '../../lib/format';
import { OFFLINE_TEXT } from '../../lib/offline-text';
import { useOldestShownFromDevice } from '../../lib/shown-from-device';

/** When an answer was fetched, as the notice says it: '28-Nov-2026, 6:32 pm' (IST, the app's date and clock). */
export function offlineAsOfText(fetchedAt: number): string {
  return `${formatDate(fetchedAt)}, ${formatClock(fetchedAt)}`;
}

/**
 * 'You are offline: figures as of 28-Nov-2026, 6:32 pm' above a report whose answer came from the
 * device (lib/offline-answers.ts), with the time of the oldest such answer on the page.
 */
export function OfflineNotice() {
  const fetchedAt = useOldestShownFromDevice();
  if (fetchedAt === undefined) return null;
  return (
    <Alert color="yellow" role="status">
      {OFFLINE_TEXT.figuresAsOf(offlineAsOfText(fetchedAt))}
    </Alert>
  );
}
