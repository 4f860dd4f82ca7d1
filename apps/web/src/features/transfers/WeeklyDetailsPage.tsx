import { sectionTitle, WEEKLY_COUNTERPARTY_HEADER } from '@playrep/contracts';
import { presetRange } from '../../components/report/report-dates';
import type { ScreenPageProps } from '../../config/navigation';
import { useWeeklyDetails, weeklyDetailsExport } from './api/weekly-details';
import { TransferReport, type TransferReportDefinition } from './components/TransferReport';

const WEEKLY_DETAILS: TransferReportDefinition = {
  useReport: useWeeklyDetails,
  exportHref: weeklyDetailsExport,
  sectionTitle: (key) => sectionTitle(key, false),
  counterpartyHeader: () => WEEKLY_COUNTERPARTY_HEADER,
  memberFilter: false,
  // The weekly report's tables show 3 rows a page (docs/screens.md, Weekly Details Report).
  defaultPageSize: 3,
  // The current settlement week so far, its Monday to today: the To Date picker offers no later day.
  defaultRange: () => presetRange('This week'),
};

/** Weekly Details Report: the six transfer sections (both channels) for the chosen week. */
export default function WeeklyDetailsPage({ screen }: ScreenPageProps) {
  return <TransferReport title={screen.label} report={WEEKLY_DETAILS} />;
}
