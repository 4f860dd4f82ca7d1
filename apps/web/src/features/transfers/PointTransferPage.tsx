import { sectionCounterpartyHeader, sectionTitle } from '@playrep/contracts';
import { lastSevenDays } from '../../components/report/report-dates';
import type { ScreenPageProps } from '../../config/navigation';
import { pointTransferReportExport, usePointTransferReport } from './api/point-transfer-report';
import { TransferReport, type TransferReportDefinition } from './components/TransferReport';

const POINT_TRANSFER: TransferReportDefinition = {
  useReport: usePointTransferReport,
  exportHref: pointTransferReportExport,
  sectionTitle: (key) => sectionTitle(key, false),
  counterpartyHeader: sectionCounterpartyHeader,
  memberFilter: true,
  defaultPageSize: 10,
  defaultRange: () => lastSevenDays(),
};

/** Point Transfer (spec section 2): single-channel transfers of the subject in six sections. */
export default function PointTransferPage({ screen }: ScreenPageProps) {
  return <TransferReport title={screen.label} report={POINT_TRANSFER} />;
}
