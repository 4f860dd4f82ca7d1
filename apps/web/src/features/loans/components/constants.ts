/** Rows per page on Computer Loan, Multiple Cybers and Revenue Recovery (spec section 9). */
export const LOAN_PAGE_SIZE = 3;

/** Spec section 5: Search without an Agent ID alerts this and makes no call. */
export const AGENT_REQUIRED_ALERT = 'Please enter Agent ID';
/** Spec section 8: Revenue Recovery with nothing to show. */
export const NO_DATA_FOUND = 'No data found.';
/** Spec section 8: a failure without a message from the server. */
export const RECOVERY_FALLBACK_ERROR = 'Something went wrong while fetching data.';
