/** Rows per page on Computer Loan, Multiple Cybers and Revenue Recovery (docs/screens.md). */
export const LOAN_PAGE_SIZE = 3;

/** Search without an Agent ID alerts this and makes no call (docs/screens.md, Revenue Recovery). */
export const AGENT_REQUIRED_ALERT = 'Please enter Agent ID';
/** Revenue Recovery with nothing to show (docs/screens.md, Revenue Recovery). */
export const NO_DATA_FOUND = 'No data found.';
/** A failure without a message from the server (docs/screens.md, Revenue Recovery). */
export const RECOVERY_FALLBACK_ERROR = 'Something went wrong while fetching data.';
