import { TWO_STEP_MESSAGES, type TwoStepStateResponse } from '@playrep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD } from '../../test/report-server';

const ON: TwoStepStateResponse = { on: true, settingUp: false, recoveryCodesLeft: 3, required: false, available: true };
const NEW_CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);

/** The two-step page's server: its state, and the answers of the calls that take a code. */
function twoStepServer(answers: Record<string, () => Response>) {
  return stubFetch((call) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    if (path === '/api/auth/session') return jsonResponse(200, { ok: true });
    if (path === '/api/auth/two-step') return jsonResponse(200, ON);
    return answers[path]?.() ?? jsonResponse(404, { message: 'Not found' });
  });
}

describe('Two-step sign-in section', () => {
  it('makes ten new recovery codes with a code, and shows them once with the answer', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = twoStepServer({
      '/api/auth/two-step/recovery-codes': () =>
        jsonResponse(200, { message: TWO_STEP_MESSAGES.newRecoveryCodes, recoveryCodes: NEW_CODES }),
    });
    signInAs('master');
    renderApp('/auth/two-step');
    await screen.findByText('Recovery codes left: 3', {}, PAGE_LOAD);
    const asked = screen.getByRole('button', { name: 'New recovery codes' });
    expect(asked.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Code or recovery code'), ' 123456 ');
    await user.click(asked);
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEW_CODES);
    expect(screen.getByText(TWO_STEP_MESSAGES.newRecoveryCodes)).toBeTruthy();
    const sent = calls.find((c) => c.url.endsWith('/api/auth/two-step/recovery-codes'));
    expect([sent?.method, sent?.body]).toEqual(['POST', { code: '123456' }]);
    expect((screen.getByLabelText('Code or recovery code') as HTMLInputElement).value).toBe('');
  });

  it('says so when too many wrong codes were typed, and keeps two-step on', async () => {
    const user = userEvent.setup({ delay: null });
    twoStepServer({
      '/api/auth/two-step/off': () => jsonResponse(429, { message: TWO_STEP_MESSAGES.tooManyCodes }, { 'Retry-After': '600' }),
    });
    signInAs('master');
    renderApp('/auth/two-step');
    await screen.findByText('Recovery codes left: 3', {}, PAGE_LOAD);
    await user.type(screen.getByLabelText('Code or recovery code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(TWO_STEP_MESSAGES.tooManyCodes)).toBeTruthy();
    expect(screen.getByText('On')).toBeTruthy();
  });
});
