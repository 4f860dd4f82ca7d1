import type { CallParams } from '@playrep/contracts';
import { useReportSubject } from '../../../components/report/ReportSubject';
import { lastFinishedWeek } from '../../../components/report/settlement-weeks';
import { useRangeFilters } from '../../../components/report/use-range-filters';

/**
 * The week of the mail pages, kept in the URL as its Monday and Sunday (default the last finished
 * week): the applied params, the draft the week picker edits, and `apply` for Show Details (a new
 * history entry; false when nothing changed, so the caller loads again instead).
 */
export function useMailFilters() {
  const { subjectId } = useReportSubject();
  const { filters, draft, setDraft, apply } = useRangeFilters(lastFinishedWeek());
  const params: CallParams<'agentMail' | 'managerMail'> = {
    id: subjectId,
    fromDate: filters.fromDate,
    toDate: filters.toDate,
  };
  return { params, draft, setDraft, apply: () => apply() };
}
