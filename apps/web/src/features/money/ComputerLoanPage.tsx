import type { ScreenPageProps } from '../../config/navigation';
import { computerLoanCall } from './api/computer-loan';
import { LoanReport } from './components/LoanReport';

/** Computer Loan: the masters in scope with a loan. */
export default function ComputerLoanPage({ screen }: ScreenPageProps) {
  return <LoanReport definition={{ title: screen.label, call: computerLoanCall, tableOnlyWithRows: false }} />;
}
