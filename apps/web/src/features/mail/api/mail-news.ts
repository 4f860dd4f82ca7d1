import { type MailNewsChangeResponse, type MailNewsResponse, reportPath } from '@playrep/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The account page's news by mail: the daily digest and big-win alerts (docs/domain.md, "The owner's week"). */
export const MAIL_NEWS_KEY = ['playrep', 'mailNews'] as const;

/** `GET /api/playrep/mailnews`: the caller's digest and big-win alert settings. */
export function useMailNews(enabled: boolean) {
  return useQuery({
    queryKey: MAIL_NEWS_KEY,
    queryFn: () => apiRequest<MailNewsResponse>(reportPath('mailNews')),
    enabled,
  });
}

/** `POST digestemails?on&hour`, `POST digestnow` and `POST bigwinemails?on`: each answers the settings after it. */
export function useMailNewsChanges() {
  const queryClient = useQueryClient();
  const done = (answer: MailNewsChangeResponse) => queryClient.setQueryData(MAIL_NEWS_KEY, answer);
  const post = (path: string, query: Record<string, string> = {}) =>
    apiRequest<MailNewsChangeResponse>(path, { method: 'POST', query });
  return {
    setDigest: useMutation({
      mutationFn: ({ on, hour }: { on: boolean; hour: number }) =>
        post(reportPath('digestEmails'), { on: String(on), hour: String(hour) }),
      onSuccess: done,
    }),
    digestNow: useMutation({ mutationFn: () => post(reportPath('digestNow')), onSuccess: done }),
    setBigWins: useMutation({
      mutationFn: (on: boolean) => post(reportPath('bigWinEmails'), { on: String(on) }),
      onSuccess: done,
    }),
  };
}
