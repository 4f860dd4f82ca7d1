import { useMemo } from 'react';
import { useReportSubject } from './ReportSubject';
import { type Numbered, numbered } from './table-columns';
import { useReportErrorLog } from './use-report-error-log';

type RowsAnswer = { data?: { data: readonly object[] }; error: unknown };
type RowOf<R extends RowsAnswer> = NonNullable<R['data']>['data'][number];

/**
 * A report about the chosen subject alone (`?id`: the caller or an account below it): its
 * parameters, the answer, its rows numbered (Sr. No.), a failure logged under the screen's label.
 */
export function useSubjectReport<R extends RowsAnswer>(useCall: (params: { id: string | undefined }) => R, label: string) {
  const { subjectId } = useReportSubject();
  const params = { id: subjectId };
  const report = useCall(params);
  useReportErrorLog(label, report.error);
  const rows: Numbered<RowOf<R>>[] = useMemo(() => numbered(report.data?.data ?? []), [report.data]);
  return { params, report, rows };
}
