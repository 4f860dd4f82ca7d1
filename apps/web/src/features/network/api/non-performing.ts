import { NonPerformingResponse } from '@playrep/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportHref } from './export-href';

export const NON_PERFORMING_PATH = '/playrep/nonperforming';

export interface NonPerformingParams {
  id?: string | undefined;
}

/** `GET /api/playrep/nonperforming?id`: how many masters are in scope, how many inactive, and which. */
export function fetchNonPerforming(params: NonPerformingParams, signal?: AbortSignal) {
  return api.get(NON_PERFORMING_PATH, { id: params.id }, { schema: NonPerformingResponse, signal });
}

export function nonPerformingQuery(params: NonPerformingParams) {
  return queryOptions({
    queryKey: ['network', 'nonperforming', params],
    queryFn: ({ signal }) => fetchNonPerforming(params, signal),
  });
}

export function useNonPerforming(params: NonPerformingParams) {
  return useQuery({ ...nonPerformingQuery(params), placeholderData: keepPreviousData });
}

export const nonPerformingExport = (params: NonPerformingParams) => exportHref(NON_PERFORMING_PATH, { id: params.id });
