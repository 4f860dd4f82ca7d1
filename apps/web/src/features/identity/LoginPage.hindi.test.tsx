import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, LANGUAGE_STORAGE_KEY } from '../../lib/i18n/language';
import { type FetchCall, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

const am1 = { _id: 'u-am1', username: 'am1', firstName: 'Arun', lastName: 'Mehta', role: 'areamanager', roles: ['areamanager'] };

function server(language: 'en' | 'hi'): FetchCall[] {
  return stubFetch((call) => {
    if (call.url === '/api/auth/login') {
      return jsonResponse(200, {
        token: 't',
        user: am1,
        roles: ['areamanager'],
        expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        language,
      });
    }
    if (call.url === '/api/auth/language') return jsonResponse(200, { message: 'ok' });
    if (call.url === '/api/auth/session') return jsonResponse(200, { ok: true });
    return jsonResponse(404, { message: 'Not found' });
  });
}

afterEach(async () => {
  await act(() => chooseLanguage('en'));
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  vi.unstubAllGlobals();
});

describe('the sign-in page in Hindi', () => {
  it('offers English and हिन्दी under "Language", and reads in Hindi once हिन्दी is chosen', async () => {
    server('en');
    const user = userEvent.setup();
    renderApp('/auth/login');
    const choice = screen.getByLabelText('Language');
    expect([...(choice as HTMLSelectElement).options].map((option) => option.textContent)).toEqual(['English', 'हिन्दी']);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();

    await user.selectOptions(choice, 'हिन्दी');
    expect(await screen.findByLabelText('भाषा')).toBe(choice);
    expect(screen.getByRole('button', { name: 'लॉगिन करें' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('लॉगिन');
    expect(screen.getByLabelText(/^यूज़र नेम/)).toHaveProperty('tagName', 'INPUT');
    expect(screen.getByRole('checkbox', { name: 'मुझे याद रखें' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi');
    // The browser remembers the choice for the next visit.
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
  });

  it('shows the form checks in Hindi', async () => {
    server('en');
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.selectOptions(screen.getByLabelText('Language'), 'hi');
    await user.click(await screen.findByRole('button', { name: 'लॉगिन करें' }));
    expect(screen.getByRole('alert').textContent).toContain('कैप्चा की जाँच विफल रही।');
  });

  it('opens in Hindi when this browser chose it before, and asks the server in Hindi', async () => {
    const calls = server('hi');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    await act(() => chooseLanguage('hi'));
    renderApp('/auth/login');
    expect(screen.getByLabelText('भाषा')).toHaveProperty('value', 'hi');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^यूज़र नेम/), 'am1');
    await user.type(screen.getByLabelText(/^पासवर्ड/, { selector: 'input' }), 'secret');
    await user.type(screen.getByLabelText(/^कैप्चा/), screen.getByTestId('captcha-code').textContent ?? '');
    await user.click(screen.getByRole('button', { name: 'लॉगिन करें' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/login')).toBe(true));
    const login = calls.find((call) => call.url === '/api/auth/login');
    expect(login?.headers['accept-language']).toBe('hi');
  });

  it('a language chosen on the page before signing in becomes the account’s', async () => {
    const calls = server('en');
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.selectOptions(screen.getByLabelText('Language'), 'hi');
    await user.type(await screen.findByLabelText(/^यूज़र नेम/), 'am1');
    await user.type(screen.getByLabelText(/^पासवर्ड/, { selector: 'input' }), 'secret');
    await user.type(screen.getByLabelText(/^कैप्चा/), screen.getByTestId('captcha-code').textContent ?? '');
    await user.click(screen.getByRole('button', { name: 'लॉगिन करें' }));
    await waitFor(() => expect(calls.find((call) => call.url === '/api/auth/language')?.body).toEqual({ language: 'hi' }));
  });
});
