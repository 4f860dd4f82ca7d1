import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage, LANGUAGE_STORAGE_KEY } from '../../lib/i18n/language';
import { type FetchCall, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD } from '../../test/report-server';

const ACCOUNT = {
  username: 'master1',
  firstName: 'Mira',
  lastName: 'Shah',
  role: 'master',
  parent: 'am1',
  hasPassword: true,
  lastSignIn: null,
  failedSince: 0,
  wrongCodesSince: 0,
  recentActivity: [],
};

function server(): FetchCall[] {
  return stubFetch((call) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    if (path === '/api/auth/session') return jsonResponse(200, { ok: true });
    if (path === '/api/auth/account') return jsonResponse(200, ACCOUNT);
    if (path === '/api/auth/language') return jsonResponse(200, { message: 'बैक ऑफ़िस अब हिन्दी में है।' });
    return jsonResponse(404, { message: 'Not found' });
  });
}

afterEach(async () => {
  await act(() => chooseLanguage('en'));
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

describe('the account page’s language', () => {
  it('saves हिन्दी with the account, then shows the page, the menus and the server’s answer in Hindi', async () => {
    const calls = server();
    signInAs('master');
    renderApp('/master/account');
    await screen.findByRole('heading', { level: 1, name: 'My Account' }, PAGE_LOAD);
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByLabelText('Language', { selector: 'select' }, PAGE_LOAD), 'हिन्दी');

    await screen.findByRole('heading', { level: 1, name: 'मेरा खाता' }, PAGE_LOAD);
    expect(calls.find((call) => call.url === '/api/auth/language')).toMatchObject({ method: 'POST', body: { language: 'hi' } });
    expect(await screen.findByText('बैक ऑफ़िस अब हिन्दी में है।')).toBeTruthy();
    expect(screen.getByLabelText('भाषा', { selector: 'select' })).toHaveProperty('value', 'hi');
    expect(screen.getByRole('button', { name: /^रिपोर्ट/ })).toBeTruthy();
    // The next calls ask the server for Hindi.
    await waitFor(() => expect(calls.at(-1)?.headers['accept-language']).toBe('hi'));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
  });
});
