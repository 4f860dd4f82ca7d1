import { type MailDiscardHeldResponse, type MailDiscardResponse, reportPath } from '@playrep/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/playrep/maildiscard?mailId` (one held or pending mail) and `maildiscardheld` (every
 * held one): closed unsent, recorded in the activity; the outbox reloads after either.
 */
export function useMailDiscard() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['playrep', 'mailOutbox'] });
  return {
    one: useMutation({
      mutationFn: (mailId: string) =>
        apiRequest<MailDiscardResponse>(reportPath('mailDiscard'), { method: 'POST', query: { mailId } }),
      onSuccess: reload,
    }),
    held: useMutation({
      mutationFn: () => apiRequest<MailDiscardHeldResponse>(reportPath('mailDiscardHeld'), { method: 'POST' }),
      onSuccess: reload,
    }),
  };
}
