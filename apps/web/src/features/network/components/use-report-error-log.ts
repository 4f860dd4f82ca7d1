import { useEffect } from 'react';

/**
 * Spec section 8: a failed report fetch is logged to the console only; the loading state clears
 * and the table shows its empty text.
 */
export function useReportErrorLog(report: string, error: unknown): void {
  useEffect(() => {
    if (error) console.error(`${report}: the report could not be loaded`, error);
  }, [report, error]);
}
