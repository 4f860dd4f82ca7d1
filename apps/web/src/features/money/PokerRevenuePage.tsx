import type { ScreenPageProps } from '../../config/navigation';
import { pokerRevenueExport, usePokerRevenue } from './api/poker-revenue';
import { RevenueReport } from './components/RevenueReport';

/** Poker Revenue: the poker rake settled by week, with the Revenue columns. */
export default function PokerRevenuePage({ screen }: ScreenPageProps) {
  return (
    <RevenueReport
      definition={{
        title: screen.label,
        useReport: usePokerRevenue,
        exportHref: pokerRevenueExport,
        weekPopup: false,
        note: 'Profit is the poker rake. Loans are repaid from the draw-games revenue, so poker weeks have no loan deduction.',
      }}
    />
  );
}
