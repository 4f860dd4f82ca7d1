import { useEffect } from 'react';

/**
 * Spec section 8 logs a failed report fetch to the console; the page frame also shows the server's
 * message (for example 'Not allowed' or 'No such account'), so a failure never looks like an
 * empty report. The same rule holds on every report screen.
 */
export function useReportErrorLog(report: string, error: unknown): void {
  useEffect(() => {
    if (error) console.error(`${report}: the report could not be loaded`, error);
  }, [report, error]);
}
