import { sectionCounterpartyHeader, sectionTitle } from '@playrep/contracts';
import type { ScreenPageProps } from '../../config/navigation';
import { multiPointTransferReportApi } from './api/multi-point-transfer-report';
import { lastSevenDays } from './components/report-dates';
import { type TransferReportDefinition, TransferReportPage } from './components/TransferReportPage';

const MULTIPLAYER_POINT_TRANSFER: TransferReportDefinition = {
  api: multiPointTransferReportApi,
  sectionTitle: (key) => sectionTitle(key, true),
  counterpartyHeader: sectionCounterpartyHeader,
  memberFilter: true,
  defaultPageSize: 10,
  defaultRange: () => lastSevenDays(),
};

/**
 * Multiplayer Point Transfer: the six sections, titles prefixed 'Multiplayer', over the
 * multiplayer-channel transfers (real data, DOMAIN.md section 8, where the spec had a placeholder).
 */
export default function MultiPointTransferPage({ screen }: ScreenPageProps) {
  return <TransferReportPage title={screen.label} report={MULTIPLAYER_POINT_TRANSFER} />;
}
