import { sectionTitle, WEEKLY_COUNTERPARTY_HEADER } from '@playrep/contracts';
import type { ScreenPageProps } from '../../config/navigation';
import { weeklyDetailsReportApi } from './api/weekly-details-report';
import { weekOf } from './components/report-dates';
import { type TransferReportDefinition, TransferReportPage } from './components/TransferReportPage';

const WEEKLY_DETAILS: TransferReportDefinition = {
  api: weeklyDetailsReportApi,
  sectionTitle: (key) => sectionTitle(key, false),
  counterpartyHeader: () => WEEKLY_COUNTERPARTY_HEADER,
  memberFilter: false,
  // Spec section 9: the weekly report's tables show 3 rows a page.
  defaultPageSize: 3,
  // The current settlement week, Monday to Sunday.
  defaultRange: () => weekOf(),
};

/** Weekly Details Report: the six transfer sections (both channels) for the chosen week. */
export default function WeeklyDetailsPage({ screen }: ScreenPageProps) {
  return <TransferReportPage title={screen.label} report={WEEKLY_DETAILS} />;
}
