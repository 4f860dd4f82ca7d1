/** Rows per page on Computer Loan, Multiple Cybers and Revenue Recovery (docs/screens.md). */
export const LOAN_PAGE_SIZE = 3;

// Revenue Recovery's alert without an Agent ID, its 'No data found.' and its fallback error
// (docs/screens.md, Revenue Recovery) are the catalogue's money.recovery.* texts.
