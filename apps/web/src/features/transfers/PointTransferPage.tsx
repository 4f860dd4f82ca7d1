import { sectionCounterpartyHeader, sectionTitle } from '@playrep/contracts';
import { lastSevenDays } from '../../components/report/report-dates';
import type { ScreenPageProps } from '../../config/navigation';
import { pointTransferExport, usePointTransfer } from './api/point-transfer';
import { TransferReport, type TransferReportDefinition } from './components/TransferReport';

const POINT_TRANSFER: TransferReportDefinition = {
  useReport: usePointTransfer,
  exportHref: pointTransferExport,
  sectionTitle: (key) => sectionTitle(key, false),
  counterpartyHeader: sectionCounterpartyHeader,
  memberFilter: true,
  defaultPageSize: 10,
  defaultRange: () => lastSevenDays(),
};

/** Point Transfer (docs/screens.md, Point Transfer): single-channel transfers of the subject in six sections. */
export default function PointTransferPage({ screen }: ScreenPageProps) {
  return <TransferReport title={screen.label} report={POINT_TRANSFER} />;
}
