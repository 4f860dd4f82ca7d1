import { EMAIL_CALLS, type EmailStateResponse, type SetEmailResponse } from '@playrep/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MAIL_NEWS_KEY } from './mail-news';

/** The calls of an account's email address (docs/domain.md, "Mail and statements"). */
const STATE_KEY = ['auth', 'email'] as const;

/** `GET /api/auth/email`: the caller's address, its confirmation, the weekly statement setting. */
export function useEmailState() {
  return useQuery({ queryKey: STATE_KEY, queryFn: () => api.get<EmailStateResponse>(EMAIL_CALLS.emailState.path) });
}

/** `POST /api/auth/email` ({ email }, null removes it) and `POST /api/auth/email/statements` ({ on }). */
export function useEmailChanges() {
  const queryClient = useQueryClient();
  const done = (answer: SetEmailResponse) => {
    queryClient.setQueryData(STATE_KEY, answer);
    // The news section says whether the address is confirmed.
    void queryClient.invalidateQueries({ queryKey: MAIL_NEWS_KEY });
  };
  return {
    setEmail: useMutation({
      mutationFn: (email: string | null) => api.post<SetEmailResponse>(EMAIL_CALLS.setEmail.path, { email }),
      onSuccess: done,
    }),
    setStatements: useMutation({
      mutationFn: (on: boolean) => api.post<SetEmailResponse>(EMAIL_CALLS.statementEmails.path, { on }),
      onSuccess: done,
    }),
  };
}
