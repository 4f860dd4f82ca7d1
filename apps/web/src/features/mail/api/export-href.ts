import type { ExportFormat } from '@playrep/contracts';
import { apiUrl, type QueryValue } from '../../../lib/api-client';

/**
 * The download link of a report: the same call with `format=csv|xlsx`, so the file holds exactly
 * what the screen asked for (the server builds it from the contracts' column lists).
 */
export function exportHref(path: string, query: Record<string, QueryValue>) {
  return (format: ExportFormat) => apiUrl(path, { ...query, format });
}
