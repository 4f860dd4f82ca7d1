import type { ScreenPageProps } from '../../config/navigation';
import { multipleCybersExport, useMultipleCybers } from './api/multiple-cybers';
import { LoanReport } from './components/LoanReport';

/** Multiple Cybers: the loan columns for masters with more than one cafe; table only with rows. */
export default function MultipleCybersPage({ screen }: ScreenPageProps) {
  return (
    <LoanReport
      definition={{
        title: screen.label,
        useReport: useMultipleCybers,
        exportHref: multipleCybersExport,
        tableOnlyWithRows: true,
      }}
    />
  );
}
