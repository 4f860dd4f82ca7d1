import {
  TWO_STEP_CALLS,
  type TwoStepConfirmResponse,
  type TwoStepMessageResponse,
  type TwoStepSetupResponse,
  type TwoStepStateResponse,
} from '@playrep/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The calls of the caller's own two-step sign-in (docs/domain.md, "Access"). */
const STATE_KEY = ['auth', 'two-step'] as const;

/** `GET /api/auth/two-step`: on or not, recovery codes left, required for the role, available on the server. */
export function useTwoStepState() {
  return useQuery({ queryKey: STATE_KEY, queryFn: () => api.get<TwoStepStateResponse>(TWO_STEP_CALLS.twoStepState.path) });
}

/** Set-up (a new key), confirm with a first code (the recovery codes, once), off with a code, new recovery codes with a code. */
export function useTwoStepChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATE_KEY });
  return {
    setup: useMutation({
      mutationFn: () => api.post<TwoStepSetupResponse>(TWO_STEP_CALLS.twoStepSetup.path, {}),
      onSuccess: refresh,
    }),
    confirm: useMutation({
      mutationFn: (code: string) => api.post<TwoStepConfirmResponse>(TWO_STEP_CALLS.twoStepConfirm.path, { code }),
      onSuccess: refresh,
    }),
    off: useMutation({
      mutationFn: (code: string) => api.post<TwoStepMessageResponse>(TWO_STEP_CALLS.twoStepOff.path, { code }),
      onSuccess: refresh,
    }),
    newRecoveryCodes: useMutation({
      mutationFn: (code: string) => api.post<TwoStepConfirmResponse>(TWO_STEP_CALLS.twoStepRecoveryCodes.path, { code }),
      onSuccess: refresh,
    }),
  };
}
