import { sectionCounterpartyHeader, sectionTitle } from '@playrep/contracts';
import type { ScreenPageProps } from '../../config/navigation';
import { pointTransferReportApi } from './api/point-transfer-report';
import { lastSevenDays } from './components/report-dates';
import { type TransferReportDefinition, TransferReportPage } from './components/TransferReportPage';

const POINT_TRANSFER: TransferReportDefinition = {
  api: pointTransferReportApi,
  sectionTitle: (key) => sectionTitle(key, false),
  counterpartyHeader: sectionCounterpartyHeader,
  memberFilter: true,
  defaultPageSize: 10,
  defaultRange: () => lastSevenDays(),
};

/** Point Transfer (spec section 2): single-channel transfers of the subject in six sections. */
export default function PointTransferPage({ screen }: ScreenPageProps) {
  return <TransferReportPage title={screen.label} report={POINT_TRANSFER} />;
}
