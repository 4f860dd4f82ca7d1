import { sectionCounterpartyHeader, sectionTitle } from '@playrep/contracts';
import { lastSevenDays } from '../../components/report/report-dates';
import type { ScreenPageProps } from '../../config/navigation';
import { multiPointTransferExport, useMultiPointTransfer } from './api/multi-point-transfer';
import { TransferReport, type TransferReportDefinition } from './components/TransferReport';

const MULTIPLAYER_POINT_TRANSFER: TransferReportDefinition = {
  useReport: useMultiPointTransfer,
  exportHref: multiPointTransferExport,
  sectionTitle: (key) => sectionTitle(key, true),
  counterpartyHeader: sectionCounterpartyHeader,
  memberFilter: true,
  defaultPageSize: 10,
  defaultRange: () => lastSevenDays(),
};

/**
 * Multiplayer Point Transfer: the six sections, titles prefixed 'Multiplayer', over the
 * multiplayer-channel transfers (docs/screens.md, Multiplayer Point Transfer).
 */
export default function MultiPointTransferPage({ screen }: ScreenPageProps) {
  return <TransferReport title={screen.label} report={MULTIPLAYER_POINT_TRANSFER} />;
}
