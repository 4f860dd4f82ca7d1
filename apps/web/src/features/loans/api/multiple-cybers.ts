import { loanCall } from './loan-call';

export const MULTIPLE_CYBERS_PATH = '/playrep/multiplecybers';

/** `GET /api/playrep/multiplecybers?id`: the loan columns for the masters in scope with more than one cafe. */
export const multipleCybers = loanCall(MULTIPLE_CYBERS_PATH, 'multiplecybers');
export const {
  fetchReport: fetchMultipleCybers,
  reportQuery: multipleCybersQuery,
  useReport: useMultipleCybers,
} = multipleCybers;
export const multipleCybersExport = multipleCybers.exportHref;
