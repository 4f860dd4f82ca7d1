import type { ScreenPageProps } from '../../config/navigation';
import { pokerRevenueReport } from './api/poker-revenue-report';
import { RevenueReportPage } from './components/RevenueReportPage';

/** Poker Revenue (issue 5 point 3): the poker rake settled by week, with the Revenue columns. */
export default function PokerRevenuePage({ screen }: ScreenPageProps) {
  return (
    <RevenueReportPage
      definition={{
        title: screen.label,
        call: pokerRevenueReport,
        weekPopup: false,
        note: 'Profit is the poker rake. Loans are repaid from the draw-games revenue, so poker weeks have no loan deduction.',
      }}
    />
  );
}
