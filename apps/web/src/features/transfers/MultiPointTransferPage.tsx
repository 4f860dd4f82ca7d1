import { sectionCounterpartyHeader, sectionTitle } from '@playrep/contracts';
import { lastSevenDays } from '../../components/report/report-dates';
import type { ScreenPageProps } from '../../config/navigation';
import { multiPointTransferReportExport, useMultiPointTransferReport } from './api/multi-point-transfer-report';
import { TransferReport, type TransferReportDefinition } from './components/TransferReport';

const MULTIPLAYER_POINT_TRANSFER: TransferReportDefinition = {
  useReport: useMultiPointTransferReport,
  exportHref: multiPointTransferReportExport,
  sectionTitle: (key) => sectionTitle(key, true),
  counterpartyHeader: sectionCounterpartyHeader,
  memberFilter: true,
  defaultPageSize: 10,
  defaultRange: () => lastSevenDays(),
};

/**
 * Multiplayer Point Transfer: the six sections, titles prefixed 'Multiplayer', over the
 * multiplayer-channel transfers (real data, docs/domain.md, where the spec had a placeholder).
 */
export default function MultiPointTransferPage({ screen }: ScreenPageProps) {
  return <TransferReport title={screen.label} report={MULTIPLAYER_POINT_TRANSFER} />;
}
