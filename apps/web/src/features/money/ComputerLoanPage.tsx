import type { ScreenPageProps } from '../../config/navigation';
import { computerLoanExport, useComputerLoan } from './api/computer-loan';
import { LoanReport } from './components/LoanReport';

/** Computer Loan: the masters in scope with a loan. */
export default function ComputerLoanPage({ screen }: ScreenPageProps) {
  return (
    <LoanReport
      definition={{ title: screen.label, useReport: useComputerLoan, exportHref: computerLoanExport, tableOnlyWithRows: false }}
    />
  );
}
