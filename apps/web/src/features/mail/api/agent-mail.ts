import { MailResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportHref } from './export-href';

export const AGENT_MAIL_PATH = '/playrep/mailreport';

export interface MailParams {
  /** The subject account (default: the signed-in user). */
  id?: string | undefined;
  /** 'YYYY-MM-DD'; empty leaves the day to the server (the last 7 days). */
  fromDate: string;
  toDate: string;
}

const query = (params: MailParams) => ({
  id: params.id,
  fromDate: params.fromDate || undefined,
  toDate: params.toDate || undefined,
});

/**
 * `GET /api/playrep/mailreport?id&fromDate&toDate`: the mail statement: one row per member (direct
 * child) with plays in the period, those who also played at other agents' cafes, the points by
 * game, the gift-points summary and the loan lines.
 */
export function fetchAgentMail(params: MailParams, signal?: AbortSignal) {
  return api.get(AGENT_MAIL_PATH, query(params), { schema: MailResponse, signal });
}

export function agentMailQuery(params: MailParams) {
  return queryOptions({ queryKey: ['mail', 'mailreport', params], queryFn: ({ signal }) => fetchAgentMail(params, signal) });
}

export function useAgentMail(params: MailParams) {
  return useQuery({ ...agentMailQuery(params), placeholderData: keepPreviousData });
}

export const agentMailExport = (params: MailParams) => exportHref(AGENT_MAIL_PATH, query(params));
