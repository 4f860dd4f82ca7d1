import { useEffect } from 'react';

/**
 * The rule for a failed report fetch, on every report screen and popup (docs/screens.md, Every report
 * screen): it is logged to the console ('{report}: the {what} could not be loaded'); the page also shows the server's message
 * (for example 'Not allowed' or 'No such account'), so a failure never looks like an empty report.
 */
export function useReportErrorLog(report: string, error: unknown, what = 'report'): void {
  useEffect(() => {
    if (error) console.error(`${report}: the ${what} could not be loaded`, error);
  }, [report, error, what]);
}
