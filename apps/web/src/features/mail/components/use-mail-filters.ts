import { useReportSubject } from '../../../components/report/ReportSubject';
import type { DateRange } from '../../../components/ui';
import { useUrlFilters } from '../../../lib/url-state';
import type { MailParams } from '../api/agent-mail';
import { lastSevenDays, urlDay } from './report-dates';
import { useDraft } from './use-draft';

/**
 * The date pair of the mail pages, kept in the URL: the applied params, the draft the pickers edit,
 * and `apply` for Show Details (a new history entry; false when nothing changed, so the caller
 * loads again instead).
 */
export function useMailFilters() {
  const { subjectId } = useReportSubject();
  const start = lastSevenDays();
  const { filters, setFilters } = useUrlFilters({ fromDate: start.from, toDate: start.to });
  const params: MailParams = { id: subjectId, fromDate: filters.fromDate, toDate: filters.toDate };
  const applied: DateRange = { from: urlDay(filters.fromDate), to: urlDay(filters.toDate) };
  const [draft, setDraft] = useDraft(applied, `${filters.fromDate}|${filters.toDate}`);
  const apply = () => setFilters({ fromDate: draft.from ?? '', toDate: draft.to ?? '' });
  return { params, draft, setDraft, apply };
}
