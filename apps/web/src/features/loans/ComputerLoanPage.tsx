import type { ScreenPageProps } from '../../config/navigation';
import { computerLoan } from './api/computer-loan';
import { LoanReportPage } from './components/LoanReportPage';

/** Computer Loan (issue 5 point 4): the masters in scope with a loan. */
export default function ComputerLoanPage({ screen }: ScreenPageProps) {
  return <LoanReportPage definition={{ title: screen.label, call: computerLoan, tableOnlyWithRows: false }} />;
}
