import type { ScreenPageProps } from '../../config/navigation';
import { useMessages } from '../../lib/i18n/messages';
import { pokerRevenueExport, usePokerRevenue } from './api/poker-revenue';
import { RevenueReport } from './components/RevenueReport';

/** Poker Revenue: the poker rake settled by week, with the Revenue columns. */
export default function PokerRevenuePage({ screen }: ScreenPageProps) {
  const { t } = useMessages();
  return (
    <RevenueReport
      definition={{
        title: screen.label,
        useReport: usePokerRevenue,
        exportHref: pokerRevenueExport,
        weekPopup: false,
        note: t('money.poker.note'),
      }}
    />
  );
}
