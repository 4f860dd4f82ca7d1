import type { ScreenPageProps } from '../../config/navigation';
import { revenueExport, useRevenue } from './api/revenue';
import { RevenueReport } from './components/RevenueReport';

/** Revenue: the draw-games settlement by week; a profit opens the week popup. */
export default function RevenuePage({ screen }: ScreenPageProps) {
  return (
    <RevenueReport definition={{ title: screen.label, useReport: useRevenue, exportHref: revenueExport, weekPopup: true }} />
  );
}
