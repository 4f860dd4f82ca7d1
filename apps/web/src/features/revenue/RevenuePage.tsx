import type { ScreenPageProps } from '../../config/navigation';
import { revenueReport } from './api/revenue-report';
import { RevenueReportPage } from './components/RevenueReportPage';

/** Revenue (issue 5 point 2): the draw-games settlement by week; a profit opens the week popup. */
export default function RevenuePage({ screen }: ScreenPageProps) {
  return <RevenueReportPage definition={{ title: screen.label, call: revenueReport, weekPopup: true }} />;
}
