import { type FeedKeyCreatedResponse, reportPath } from '@playrep/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/platform`: the feed keys and the last 100 batches; its export has both. */
export const { useReport: usePlatform, exportHref: platformExport } = reportCall('platform');

/** `POST /api/playrep/feedkeycreate?name` (the key answered once) and `feedkeyrevoke?name`; the screen reloads after each. */
export function useFeedKeyChanges() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['playrep', 'platform'] });
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        apiRequest<FeedKeyCreatedResponse>(reportPath('feedKeyCreate'), { method: 'POST', query: { name } }),
      onSuccess: reload,
    }),
    revoke: useMutation({
      mutationFn: (name: string) =>
        apiRequest<{ message: string }>(reportPath('feedKeyRevoke'), { method: 'POST', query: { name } }),
      onSuccess: reload,
    }),
  };
}
