import type { ScreenPageProps } from '../../config/navigation';
import { revenueReportExport, useRevenueReport } from './api/revenue-report';
import { RevenueReport } from './components/RevenueReport';

/** Revenue: the draw-games settlement by week; a profit opens the week popup. */
export default function RevenuePage({ screen }: ScreenPageProps) {
  return (
    <RevenueReport
      definition={{ title: screen.label, useReport: useRevenueReport, exportHref: revenueReportExport, weekPopup: true }}
    />
  );
}
