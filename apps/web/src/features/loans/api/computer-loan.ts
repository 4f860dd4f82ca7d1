import { loanCall } from './loan-call';

export const COMPUTER_LOAN_PATH = '/playrep/computerloan';

/** `GET /api/playrep/computerloan?id`: the masters in the subject's scope with a computer loan. */
export const computerLoan = loanCall(COMPUTER_LOAN_PATH, 'computerloan');
export const { fetchReport: fetchComputerLoan, reportQuery: computerLoanQuery, useReport: useComputerLoan } = computerLoan;
export const computerLoanExport = computerLoan.exportHref;
