import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { reportCall } from '../../../lib/report-call';

/** `GET /api/playrep/mailpreview?mailId`: one mail's body, as sent or as it would be built now, its secrets hidden. */
export const { useReport: useMailPreview } = reportCall('mailPreview');

/**
 * Forgets the previews loaded before: each opening asks the server again, which records it in the
 * activity (a preview shown from the cache would open unrecorded).
 */
export function useForgetMailPreviews(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.removeQueries({ queryKey: ['playrep', 'mailPreview'] }), [queryClient]);
}
