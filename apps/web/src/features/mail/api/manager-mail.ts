import { ManagerMailResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MailParams } from './agent-mail';
import { exportHref } from './export-href';

export const MANAGER_MAIL_PATH = '/playrep/managermailreport';

const query = (params: MailParams) => ({
  id: params.id,
  fromDate: params.fromDate || undefined,
  toDate: params.toDate || undefined,
});

/** `GET /api/playrep/managermailreport?id&fromDate&toDate`: the profit of each direct child in the period. */
export function fetchManagerMail(params: MailParams, signal?: AbortSignal) {
  return api.get(MANAGER_MAIL_PATH, query(params), { schema: ManagerMailResponse, signal });
}

export function managerMailQuery(params: MailParams) {
  return queryOptions({
    queryKey: ['mail', 'managermailreport', params],
    queryFn: ({ signal }) => fetchManagerMail(params, signal),
  });
}

export function useManagerMail(params: MailParams) {
  return useQuery({ ...managerMailQuery(params), placeholderData: keepPreviousData });
}

export const managerMailExport = (params: MailParams) => exportHref(MANAGER_MAIL_PATH, query(params));
