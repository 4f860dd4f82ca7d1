import { reportCall } from '../../../lib/report-call';

/**
 * `GET /api/playrep/mailoutbox?state&kind&recipient&week&page&pageSize&sort&order`: one page of the
 * outbox, sorted and filtered on the server, with the counts by state. Its export is every mail
 * the filters select.
 */
export const { useReport: useMailOutbox, exportHref: mailOutboxExport } = reportCall('mailOutbox');
