import {
  ACCESS_CALLS,
  type AccountRow,
  AUTH_CALLS,
  type BlockResponse,
  type IssueLinkResponse,
  type LinkInfoResponse,
  type LoginResponse,
  type MessageResponse,
  type MyAccountResponse,
  type Role,
  reportPath,
  type TwoStepMessageResponse,
} from '@playrep/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiRequest, apiUrl, DEFAULT_ERROR_MESSAGE } from '../../../lib/api-client';
import { reportCall } from '../../../lib/report-call';

/** The calls of access (docs/domain.md, "Access"): links, passwords, the account page, the Accounts screen. */

/** `POST /api/auth/link` and `/api/auth/link/use`: what a sign-in link is for, and using it (no session needed). */
export const linkInfo = (token: string) =>
  apiRequest<LinkInfoResponse>(ACCESS_CALLS.linkInfo.path, { method: 'POST', body: { token }, skipSessionExpiry: true });
export const redeemLink = (token: string, password: string) =>
  apiRequest<LoginResponse>(ACCESS_CALLS.useLink.path, { method: 'POST', body: { token, password }, skipSessionExpiry: true });
/**
 * `POST /api/auth/login` with the two-step code: after a link set the password of an account with
 * two-step on, the session opens only at the password door, with that password and the code.
 */
export const signInWithCode = (username: string, password: string, code: string) =>
  apiRequest<LoginResponse>(AUTH_CALLS.login.path, {
    method: 'POST',
    body: { username, password, code },
    skipSessionExpiry: true,
  });

/** `POST /api/auth/forgot`: always the same answer. */
export const forgotPassword = (username: string) =>
  apiRequest<MessageResponse>(ACCESS_CALLS.forgotPassword.path, { method: 'POST', body: { username }, skipSessionExpiry: true });

/** `POST /api/auth/password`: the caller's new password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.post<MessageResponse>(ACCESS_CALLS.changePassword.path, body),
  });
}

/** `GET /api/auth/account`: the account page's facts. */
export function useMyAccount() {
  return useQuery({ queryKey: ['auth', 'account'], queryFn: () => api.get<MyAccountResponse>(ACCESS_CALLS.myAccount.path) });
}

/** `GET /api/playrep/accounts`: one page of the accounts below the caller; its export is every one the filters select. */
export const { useReport: useAccounts, exportHref: accountsExport } = reportCall('accounts');

/** Issue link, block, unblock and clear two-step of one account; the list reloads after each. */
export function useAccountActions() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['playrep', 'accounts'] });
  const action =
    <T>(call: 'issueLink' | 'blockAccount' | 'unblockAccount') =>
    (username: string) =>
      apiRequest<T>(reportPath(call), { method: 'POST', query: { username } });
  return {
    issueLink: useMutation({ mutationFn: action<IssueLinkResponse>('issueLink'), onSuccess: reload }),
    block: useMutation({ mutationFn: action<BlockResponse>('blockAccount'), onSuccess: reload }),
    unblock: useMutation({ mutationFn: action<BlockResponse>('unblockAccount'), onSuccess: reload }),
    /** `POST /api/playrep/twostepclear?accountId`: the account by its `_id`, as the call names it. */
    clearTwoStep: useMutation({
      mutationFn: (account: Pick<AccountRow, '_id' | 'username'>) =>
        apiRequest<TwoStepMessageResponse>(reportPath('twoStepClear'), { method: 'POST', query: { accountId: account._id } }),
      onSuccess: reload,
    }),
  };
}

/**
 * `POST /api/playrep/issuelinks?role`: the links of every account without a password below the
 * caller (optionally one role) as a CSV file, saved by the browser.
 */
export async function downloadBulkLinks(role: Role | undefined): Promise<number> {
  const response = await fetch(apiUrl(reportPath('issueLinks'), role ? { role } : {}), {
    method: 'POST',
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, body.message ?? DEFAULT_ERROR_MESSAGE, { fromServer: !!body.message });
  }
  const blob = await response.blob();
  const rows = (await blob.text()).trim().split('\r\n').length - 1;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'sign-in-links.csv';
  a.click();
  URL.revokeObjectURL(url);
  return rows;
}
