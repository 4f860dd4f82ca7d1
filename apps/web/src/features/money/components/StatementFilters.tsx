import { Button } from '@mantine/core';
import { SubjectPicker } from '../../../components/report/ReportSubject';
import { WeekPicker } from '../../../components/report/WeekPicker';
import { ReportToolbar } from '../../../components/ui';
import type { DateRange } from '../../../components/ui/DatePicker';
import { useMessages } from '../../../lib/i18n/messages';

/** The mail pages' Print button: the statement alone (the page's print style), once there is one. */
export function PrintStatementButton({ disabled }: { disabled: boolean }) {
  const { t } = useMessages();
  return (
    <Button variant="default" onClick={() => window.print()} disabled={disabled} data-print-hide>
      {t('money.mail.print')}
    </Button>
  );
}

/** The mail pages' filters (the report subject and the settlement week, Show Details), left out of print. */
export function StatementFilters(props: {
  week: DateRange;
  onWeekChange: (week: DateRange) => void;
  onSubmit: () => void;
  loading: boolean;
}) {
  return (
    <div data-print-hide>
      <ReportToolbar onSubmit={props.onSubmit} loading={props.loading}>
        <SubjectPicker />
        <WeekPicker value={props.week} onChange={props.onWeekChange} />
      </ReportToolbar>
    </div>
  );
}
