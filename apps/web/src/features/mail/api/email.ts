import { type ConfirmEmailResponse, EMAIL_CALLS, type UnsubscribeResponse } from '@playrep/contracts';
import { apiRequest } from '../../../lib/api-client';

/** The calls of the pages a mail links to, without a session (docs/domain.md, "Mail and statements"). */

/** `POST /api/auth/email/confirm` ({ token }): no session needed, the link's secret is the proof. */
export function confirmEmail(token: string): Promise<ConfirmEmailResponse> {
  return apiRequest<ConfirmEmailResponse>(EMAIL_CALLS.confirmEmail.path, {
    method: 'POST',
    body: { token },
    skipSessionExpiry: true,
  });
}

/** `POST /api/mail/unsubscribe?account&token[&mail=digest]`: the weekly statement's or the digest's unsubscribe, without signing in. */
export function unsubscribe(account: string, token: string, mail: string | null): Promise<UnsubscribeResponse> {
  return apiRequest<UnsubscribeResponse>(EMAIL_CALLS.unsubscribe.path, {
    method: 'POST',
    query: mail ? { account, token, mail } : { account, token },
    skipSessionExpiry: true,
  });
}
