import type { ScreenPageProps } from '../../config/navigation';
import { multipleCybers } from './api/multiple-cybers';
import { LoanReportPage } from './components/LoanReportPage';

/** Multiple Cybers (issue 5 point 4): the loan columns for masters with more than one cafe; table only with rows. */
export default function MultipleCybersPage({ screen }: ScreenPageProps) {
  return <LoanReportPage definition={{ title: screen.label, call: multipleCybers, tableOnlyWithRows: true }} />;
}
