import { type MailRetryResponse, reportPath } from '@playrep/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/playrep/mailretry?mailId`: sends a mail again now; the outbox reloads after it. */
export function useMailRetry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailId: string) => apiRequest<MailRetryResponse>(reportPath('mailRetry'), { method: 'POST', query: { mailId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['playrep', 'mailOutbox'] }),
  });
}
