import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/balancechildren?id&agentId`: the children of one account of the subject's
 * subtree, with `path` from the subject down to it (the popup's breadcrumb).
 */
export const { useReport: useBalanceChildren, exportHref: balanceChildrenExport } = reportCall('balanceChildren');
