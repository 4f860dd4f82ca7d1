import type { ScreenPageProps } from '../../config/navigation';
import { pokerRevenueReportExport, usePokerRevenueReport } from './api/poker-revenue-report';
import { RevenueReport } from './components/RevenueReport';

/** Poker Revenue: the poker rake settled by week, with the Revenue columns. */
export default function PokerRevenuePage({ screen }: ScreenPageProps) {
  return (
    <RevenueReport
      definition={{
        title: screen.label,
        useReport: usePokerRevenueReport,
        exportHref: pokerRevenueReportExport,
        weekPopup: false,
        note: 'Profit is the poker rake. Loans are repaid from the draw-games revenue, so poker weeks have no loan deduction.',
      }}
    />
  );
}
