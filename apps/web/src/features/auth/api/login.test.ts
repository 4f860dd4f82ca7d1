import { ENDPOINTS } from '@playrep/contracts';
import { describe, expect, it } from 'vitest';
import { LOGIN_CALL } from './login';

describe('sign-in call', () => {
  it('is the login call of the endpoint table', () => {
    expect(LOGIN_CALL).toEqual({ method: ENDPOINTS.login.method, path: ENDPOINTS.login.path });
  });
});
