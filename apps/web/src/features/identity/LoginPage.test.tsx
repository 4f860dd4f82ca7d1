import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showSessionNotice } from '../../lib/session';
import { type FetchCall, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { GEOLOCATION_OPTIONS } from './components/use-geolocation';

const am1 = { _id: 'u-am1', username: 'am1', firstName: 'Arun', lastName: 'Mehta', role: 'areamanager', roles: ['areamanager'] };

function loginOk(role = 'areamanager') {
  return jsonResponse(200, {
    token: 'secret-token-value',
    user: { ...am1, role, roles: [role] },
    roles: [role],
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  });
}

/** The server for these tests: the login answer is up to each test; the session check succeeds. */
function server(login: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  return stubFetch((call) => {
    if (call.url === '/api/auth/login') return login(call);
    if (call.url === '/api/auth/session') return jsonResponse(200, { ok: true });
    return jsonResponse(404, { message: 'Not found' });
  });
}

const field = {
  username: () => screen.getByLabelText(/^User Name/),
  password: () => screen.getByLabelText(/^Password/),
  captcha: () => screen.getByLabelText(/^Captcha/),
};
const captchaShown = () => screen.getByTestId('captcha-code').textContent ?? '';
const loginButton = () => screen.getByRole('button', { name: /^Login/ });
const EXPIRED = 'Your session has expired. Please sign in again.';
const errorList = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login screen', () => {
  it('shows the labelled fields, a six-digit captcha, Remember Me and Login', () => {
    server(() => loginOk());
    renderApp('/auth/login');
    expect(field.username()).toHaveProperty('tagName', 'INPUT');
    expect(field.password()).toHaveProperty('type', 'password');
    expect(field.captcha()).toHaveProperty('tagName', 'INPUT');
    const shown = Number(captchaShown());
    expect(Number.isInteger(shown) && shown >= 100000 && shown <= 999999).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Remember Me' })).toBeTruthy();
    expect(loginButton().textContent).toBe('Login');
  });

  it('validates each field on blur and lists the messages', async () => {
    server(() => loginOk());
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.click(field.username());
    await user.click(field.password());
    await user.click(field.captcha());
    await user.tab();
    expect(errorList()).toEqual([
      'Please Provide Login ID.',
      'Please Provide Password.',
      'Please Provide Captcha Text from Image Invalid Captcha.',
    ]);
    expect(field.username().getAttribute('aria-invalid')).toBe('true');

    await user.type(field.username(), 'am1');
    await user.tab();
    expect(errorList()).toEqual(['Please Provide Password.', 'Please Provide Captcha Text from Image Invalid Captcha.']);
  });

  it("refuses a wrong captcha with 'Captcha verification failed.' and makes no call", async () => {
    const calls = server(() => loginOk());
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.type(field.username(), 'am1');
    await user.type(field.password(), 'Demo@1234');
    const wrong = String(((Number(captchaShown()) - 100000 + 1) % 900000) + 100000);
    await user.type(field.captcha(), wrong);
    await user.click(loginButton());
    expect(errorList()).toContain('Captcha verification failed.');
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(0);
  });

  it("offline, sends nothing and says 'This needs a connection.'", async () => {
    const calls = server(() => loginOk());
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      const user = userEvent.setup();
      renderApp('/auth/login');
      await user.type(field.username(), 'am1');
      await user.type(field.password(), 'Demo@1234');
      await user.type(field.captcha(), captchaShown());
      await user.click(loginButton());
      expect(await screen.findByText('This needs a connection.')).toBeTruthy();
      expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(0);
    } finally {
      Reflect.deleteProperty(navigator, 'onLine');
    }
  });

  it("requires username and password on submit: 'Username and password are required.'", async () => {
    const calls = server(() => loginOk());
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.type(field.username(), '   ');
    await user.type(field.captcha(), captchaShown());
    await user.type(field.password(), 'x{Enter}'); // Enter submits the form
    expect(errorList()).toContain('Username and password are required.');

    await user.clear(field.password());
    await user.type(field.username(), 'am1');
    await user.click(loginButton());
    expect(errorList()).toContain('Username and password are required.');
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(0);
  });

  it("reads 'Login...' and is disabled while the call is in flight", async () => {
    let answer: (response: Response) => void = () => {};
    server(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.type(field.username(), 'am1');
    await user.type(field.password(), 'Demo@1234');
    await user.type(field.captcha(), captchaShown());
    await user.click(loginButton());
    expect(loginButton().textContent).toBe('Login...');
    expect((loginButton() as HTMLButtonElement).disabled).toBe(true);

    await act(async () => answer(jsonResponse(401, { message: 'Invalid username or password.' })));
    expect(loginButton().textContent).toBe('Login');
    expect((loginButton() as HTMLButtonElement).disabled).toBe(false);
    expect(errorList()).toContain('Invalid username or password.');
  });

  it('signs in, says so, and moves to /{role}/reports/pointtransfer after 1 second', async () => {
    const calls = server(() => loginOk());
    const app = renderApp('/auth/login');
    fireEvent.change(field.username(), { target: { value: '  am1  ' } });
    fireEvent.change(field.password(), { target: { value: ' Demo@1234 ' } });
    fireEvent.change(field.captcha(), { target: { value: captchaShown() } });

    vi.useFakeTimers();
    fireEvent.click(loginButton());
    await act(() => vi.advanceTimersByTimeAsync(0));

    const loginCalls = calls.filter((c) => c.url === '/api/auth/login');
    expect(loginCalls).toHaveLength(1);
    // Username trimmed, password as typed; the location is not sent.
    expect(loginCalls[0]?.body).toEqual({ username: 'am1', password: ' Demo@1234 ' });
    expect(screen.getByText('Login successful!')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(app.pathname()).toBe('/auth/login');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(app.pathname()).toBe('/areamanager/reports/pointtransfer');
    vi.useRealTimers();

    expect(await screen.findByText('Welcome Arun Mehta')).toBeTruthy();
    // The token from the body is kept nowhere in the browser.
    const stored = JSON.stringify({ ...window.sessionStorage, ...window.localStorage });
    expect(stored).not.toContain('secret-token-value');
  });

  it('goes back to /auth/login after success when the role is unknown', async () => {
    server(() => jsonResponse(200, { token: 't', user: { ...am1, role: 'retailer', roles: ['retailer'] }, roles: ['retailer'] }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = renderApp('/auth/login');
    fireEvent.change(field.username(), { target: { value: 'am1' } });
    fireEvent.change(field.password(), { target: { value: 'Demo@1234' } });
    fireEvent.change(field.captcha(), { target: { value: captchaShown() } });
    vi.useFakeTimers();
    fireEvent.click(loginButton());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(app.pathname()).toBe('/auth/login');
    expect(console.error).toHaveBeenCalledWith('No routes found for role', 'retailer');
    expect(window.sessionStorage.length).toBe(0);
  });

  it.each([
    [
      'the server message',
      () => jsonResponse(429, { message: 'Too many sign-in attempts.' }, { 'Retry-After': '60' }),
      'Too many sign-in attempts.',
    ],
    ["'Login failed.' when the server gives no message", () => new Response('', { status: 500 }), 'Login failed.'],
    [
      "'An error occurred during login.' when no answer comes",
      () => Promise.reject(new TypeError('offline')),
      'An error occurred during login.',
    ],
  ])('shows %s', async (_, answer, expected) => {
    server(answer);
    const user = userEvent.setup();
    const app = renderApp('/auth/login');
    await user.type(field.username(), 'am1');
    await user.type(field.password(), 'Demo@1234');
    await user.type(field.captcha(), captchaShown());
    await user.click(loginButton());
    expect(await screen.findByText(expected)).toBeTruthy();
    expect(app.pathname()).toBe('/auth/login');
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('login screen location request', () => {
  it('asks with high accuracy, a 10 s timeout and no cached position, and explains a refusal', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null, _options?: PositionOptions) =>
      fail?.({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...window.navigator, geolocation: { getCurrentPosition } });
    server(() => loginOk());
    renderApp('/auth/login');
    expect(await screen.findByText('Location access is blocked. Please enable it in browser settings.')).toBeTruthy();
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
  });

  it.each([
    [2, 'Location is unavailable. Please check your GPS or internet connection.'],
    [3, 'Location request timed out. Please try again.'],
    [99, 'Unknown error occurred while fetching location.'],
  ])('explains error code %i', async (code, message) => {
    const getCurrentPosition = (_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code, message: '' } as GeolocationPositionError);
    vi.stubGlobal('navigator', { ...window.navigator, geolocation: { getCurrentPosition } });
    server(() => loginOk());
    renderApp('/auth/login');
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('says so when the browser has no geolocation', async () => {
    vi.stubGlobal('navigator', { ...window.navigator, geolocation: undefined });
    server(() => loginOk());
    renderApp('/auth/login');
    expect(await screen.findByText('Your browser does not support geolocation.')).toBeTruthy();
  });
});

describe('login screen notices from the last session', () => {
  it('shows an error carried over (Logout failed.) and clears it after 1 second', async () => {
    server(() => loginOk());
    showSessionNotice({ message: 'Logout failed.' });
    vi.useFakeTimers();
    renderApp('/auth/login');
    expect(errorList()).toEqual(['Logout failed.']);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(errorList()).toEqual([]);
  });

  it('shows the session-expired message and clears it after 1 second, as any first-load error', async () => {
    server(() => loginOk());
    showSessionNotice({ message: 'Your session has expired. Please sign in again.' });
    vi.useFakeTimers();
    renderApp('/auth/login');
    expect(errorList()).toEqual(['Your session has expired. Please sign in again.']);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(errorList()).toEqual(['Your session has expired. Please sign in again.']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(errorList()).toEqual([]);
    expect(screen.queryByText('Your session has expired. Please sign in again.')).toBeNull();
  });

  // The way users meet it: a session that ran out while they were away, or a call the server refused.
  it.each([
    ['the stored session has run out', () => signInAs('master', -1), jsonResponse(200, { ok: true })],
    ['the server ends the session (401)', () => signInAs('master'), jsonResponse(401, { message: 'Your session has expired.' })],
  ])(
    '%s: the report page gives way to the login screen, whose expired message clears after 1 second',
    async (_case, begin, sessionAnswer) => {
      stubFetch((call) =>
        call.url === '/api/auth/session' ? sessionAnswer.clone() : jsonResponse(404, { message: 'Not found' }),
      );
      begin();
      vi.useFakeTimers();
      const app = renderApp('/master/reports/revenue');
      // Until the login screen shows the message (the page and the server answer in between).
      for (let i = 0; i < 100 && !errorList().includes(EXPIRED); i++) await act(() => vi.advanceTimersByTimeAsync(1));
      expect(app.pathname()).toBe('/auth/login');
      expect(errorList()).toEqual([EXPIRED]);
      await act(() => vi.advanceTimersByTimeAsync(990));
      expect(errorList()).toEqual([EXPIRED]);
      await act(() => vi.advanceTimersByTimeAsync(20));
      expect(errorList()).toEqual([]);
      expect(app.pathname()).toBe('/auth/login');
    },
  );
});
