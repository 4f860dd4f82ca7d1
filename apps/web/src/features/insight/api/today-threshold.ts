import { reportPath, type TodayThresholdResponse } from '@playrep/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/playrep/todaythreshold?threshold`: the caller's own big-win threshold; Today reloads after it. */
export function useTodayThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: string) =>
      apiRequest<TodayThresholdResponse>(reportPath('todayThreshold'), { method: 'POST', query: { threshold } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['playrep', 'today'] }),
  });
}
