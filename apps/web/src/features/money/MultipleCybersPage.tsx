import type { LoanRow, Role } from '@playrep/contracts';
import { SUBJECT_ID_PARAM, SUBJECT_NAME_PARAM } from '../../components/report/ReportSubject';
import type { ScreenPageProps } from '../../config/navigation';
import { screenPath } from '../../config/paths';
import { useSession } from '../../lib/session';
import { multipleCybersCall } from './api/multiple-cybers';
import { LoanReport } from './components/LoanReport';

/** An agent's Cafe Profit: the report that shows what each of its cafes earns (docs/screens.md, Cafe Profit). */
function cafeProfitHref(role: Role, row: LoanRow): string {
  const query = new URLSearchParams({ [SUBJECT_ID_PARAM]: row._id, [SUBJECT_NAME_PARAM]: row.username });
  return `${screenPath(role, 'reports/cafeprofit')}?${query}`;
}

/**
 * Multiple Cybers: the loan columns for masters with more than one cafe; table only with rows.
 * Each Agent ID opens that agent's Cafe Profit.
 */
export default function MultipleCybersPage({ screen }: ScreenPageProps) {
  const { session } = useSession();
  const role = session?.role as Role;
  return (
    <LoanReport
      definition={{
        title: screen.label,
        call: multipleCybersCall,
        tableOnlyWithRows: true,
        agentHref: (row) => cafeProfitHref(role, row),
      }}
    />
  );
}
