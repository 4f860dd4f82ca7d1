import {
  ACCESS_CALLS,
  type AccountRow,
  EMAIL_CALLS,
  type EmailStateResponse,
  type MailNewsResponse,
  type MyAccountResponse,
  TWO_STEP_MESSAGES_HI,
  type TwoStepStateResponse,
} from '@playrep/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { KEPT_IN_EVERY_LANGUAGE, latinWordsLeft } from '../../test/english-left';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { readInHindi } from '../../test/in-hindi';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';

/** The English left on a part of the screen shown in Hindi. */
const englishLeft = (root: Element) => latinWordsLeft(root, KEPT_IN_EVERY_LANGUAGE);
/** The whole app renders per test, on a machine other tests load too. */
const SLOW = 60_000;
const main = () => document.getElementById('main-content') ?? document.body;

readInHindi();

const ACCOUNT: MyAccountResponse = {
  username: 'am1',
  firstName: 'Asha',
  lastName: 'Rao',
  role: 'areamanager',
  parent: 'sam1',
  hasPassword: true,
  lastSignIn: { at: '2026-11-20T05:30:00.000Z', address: '198.51.100.4', device: 'Firefox 133 on Windows' },
  failedSince: 2,
  wrongCodesSince: 1,
  recentActivity: [
    {
      _id: '1',
      at: '2026-11-20T05:30:00.000Z',
      kind: 'sign-in',
      kindLabel: 'Signed in',
      actor: 'am1',
      subject: 'am1',
      address: '198.51.100.4',
      device: 'Firefox 133 on Windows',
      details: '',
    },
  ],
};
const TWO_STEP_ON: TwoStepStateResponse = { on: true, settingUp: false, recoveryCodesLeft: 7, required: false, available: true };
const EMAIL: EmailStateResponse = {
  email: 'asha@example.com',
  verified: true,
  pending: { email: 'asha.rao@example.com', expiresAt: '2026-11-21T05:30:00.000Z' },
  statementEmails: true,
};
const NEWS: MailNewsResponse = {
  emailConfirmed: true,
  digestEmails: true,
  digestHour: 9,
  digestNowFrom: null,
  bigWinEmails: false,
  bigWinThreshold: 12_500,
};

/** A server answering the calls of the signed-in identity pages; `paths` adds or replaces answers by path. */
function identityServer(paths: Record<string, () => Response> = {}) {
  return stubFetch((call) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    if (paths[path]) return paths[path]();
    if (path === '/api/auth/session') return jsonResponse(200, { ok: true });
    if (path === '/api/auth/account') return jsonResponse(200, ACCOUNT);
    if (path === '/api/auth/two-step') return jsonResponse(200, TWO_STEP_ON);
    if (path === `/api${EMAIL_CALLS.emailState.path}`) return jsonResponse(200, EMAIL);
    if (path === '/api/playrep/mailnews') return jsonResponse(200, NEWS);
    return jsonResponse(404, { message: 'Not found' });
  });
}

describe('the identity pages in Hindi', () => {
  it(
    'shows the account page, with its two-step, email and news sections, in Hindi; its data as it is',
    async () => {
      identityServer();
      signInAs('areamanager');
      renderApp('/areamanager/account');
      await screen.findByRole('heading', { level: 1, name: 'मेरा खाता' }, PAGE_LOAD);
      await screen.findByText('बाक़ी रिकवरी कोड: 7', {}, PAGE_LOAD);
      await screen.findByText('asha@example.com', {}, PAGE_LOAD);
      await screen.findByRole('heading', { name: 'ईमेल से ख़बरें' }, PAGE_LOAD);
      expect(screen.getByRole('heading', { name: 'टू-स्टेप साइन-इन' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'पासवर्ड बदलें' })).toBeTruthy();
      expect(screen.getByText(/एरिया मैनेजर/)).toBeTruthy();
      expect(screen.getByRole('switch', { name: 'मुझे मेरा साप्ताहिक स्टेटमेंट ईमेल करें' })).toBeTruthy();
      // Each language keeps its own name in the choice.
      expect(screen.getByLabelText('भाषा', { selector: 'select' }).textContent).toBe('Englishहिन्दी');
      expect(englishLeft(main())).toEqual([]);
    },
    SLOW,
  );

  it(
    'judges a new password in Hindi as it is typed',
    async () => {
      identityServer();
      signInAs('areamanager');
      renderApp('/areamanager/account');
      const user = userEvent.setup({ delay: null });
      const field = await screen.findByLabelText(/^नया पासवर्ड\s*\*?$/, { selector: 'input' }, PAGE_LOAD);
      await user.type(field, 'abc');
      expect(await screen.findByText('यह कम से कम 8 अक्षरों का होना चाहिए।')).toBeTruthy();
      await user.clear(field);
      await user.type(field, 'password1');
      await screen.findByText(/^बहुत कमज़ोर/, {}, PAGE_LOAD);
      expect(screen.getByLabelText(/^नया पासवर्ड दोबारा/)).toBeTruthy();
      expect(englishLeft(main())).toEqual([]);
    },
    SLOW,
  );

  it(
    'shows Accounts, its actions and the clear two-step question in Hindi',
    async () => {
      const row = (username: string, state: AccountRow['state'], twoStep: boolean): AccountRow => ({
        _id: `u-${username}`,
        username,
        name: 'Mira Shah',
        role: 'master',
        parent: 'am1',
        state,
        stateLabel: state === 'blocked' ? 'ब्लॉक' : 'सक्रिय',
        linkExpiresAt: null,
        twoStep,
        twoStepLabel: twoStep ? 'चालू' : 'बंद',
        lastSignInAt: null,
      });
      reportServer({
        accounts: () => ({
          data: [row('master1', 'active', true), row('master2', 'blocked', false)],
          total: 2,
          page: 1,
          pageSize: 20,
        }),
      });
      signInAs('areamanager');
      renderApp('/areamanager/admin/accounts');
      const table = await screen.findByRole('table', { name: 'खाते' }, PAGE_LOAD);
      await within(table).findByText('master1');
      expect(within(table).getByRole('button', { name: 'master1 का टू-स्टेप हटाएँ' })).toBeTruthy();
      expect(within(table).getByRole('button', { name: 'master2 को अनब्लॉक करें' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'बिना पासवर्ड वाले हर खाते के लिंक (CSV)' })).toBeTruthy();
      expect(englishLeft(main())).toEqual([]);

      const user = userEvent.setup({ delay: null });
      await user.click(within(table).getByRole('button', { name: 'master1 का टू-स्टेप हटाएँ' }));
      const dialog = await screen.findByRole('dialog', { name: 'टू-स्टेप हटाएँ' });
      expect(dialog.textContent).toContain('master1 का टू-स्टेप साइन-इन हटाएँ?');
      expect(englishLeft(dialog)).toEqual([]);
    },
    SLOW,
  );

  it(
    'shows the two-step page while setting it up in Hindi',
    async () => {
      const user = userEvent.setup({ delay: null });
      identityServer({
        '/api/auth/two-step': () => jsonResponse(200, { ...TWO_STEP_ON, on: false, recoveryCodesLeft: 0, required: true }),
        '/api/auth/two-step/setup': () =>
          jsonResponse(200, {
            secret: 'JBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/x',
            qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          }),
      });
      signInAs('master');
      renderApp('/auth/two-step');
      await screen.findByText('आपकी भूमिका के लिए टू-स्टेप साइन-इन ज़रूरी है।', {}, PAGE_LOAD);
      expect(document.title).toBe('टू-स्टेप साइन-इन | Playrep बैक ऑफ़िस');
      await user.click(screen.getByRole('button', { name: 'टू-स्टेप साइन-इन सेट करें' }));
      expect(await screen.findByRole('img', { name: 'कुंजी का क्यूआर कोड' })).toBeTruthy();
      expect(screen.getByTestId('two-step-key').textContent).toBe('JBSWY3DPEHPK3PXP');
      expect(screen.getByRole('button', { name: 'चालू करें' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'अपनी रिपोर्ट पर जाएँ' })).toBeTruthy();
      expect(englishLeft(document.body)).toEqual([]);
    },
    SLOW,
  );

  it(
    'shows a sign-in link’s page in Hindi, then asks for the two-step code in Hindi',
    async () => {
      const user = userEvent.setup({ delay: null });
      identityServer({
        [`/api${ACCESS_CALLS.linkInfo.path}`]: () =>
          jsonResponse(200, {
            username: 'master1',
            invitedBy: 'am1 (Arun Mehta)',
            purpose: 'invite',
            expiresAt: '2026-11-21T05:30:00.000Z',
          }),
        // The server asks for the code in the language asked.
        [`/api${ACCESS_CALLS.useLink.path}`]: () => jsonResponse(401, { message: TWO_STEP_MESSAGES_HI.codeNeeded }),
      });
      window.location.hash = '#secret';
      renderApp('/auth/welcome');
      await screen.findByRole('heading', { level: 1, name: 'Playrep में आपका स्वागत है' }, PAGE_LOAD);
      expect(await screen.findByRole('form', { name: 'अपना पासवर्ड चुनें' })).toBeTruthy();
      expect(screen.getByText('am1 (Arun Mehta)').getAttribute('translate')).toBe('no');
      expect(document.title).toBe('स्वागत है | Playrep बैक ऑफ़िस');
      expect(englishLeft(document.body)).toEqual([]);
      window.location.hash = '';

      await user.type(screen.getByLabelText(/^नया पासवर्ड\s*\*?$/, { selector: 'input' }), 'Kx8-violet-harbour');
      await user.type(screen.getByLabelText(/^नया पासवर्ड दोबारा/, { selector: 'input' }), 'Kx8-violet-harbour');
      const submit = screen.getByRole('button', { name: 'पासवर्ड सेट करें और साइन इन करें' });
      await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false), PAGE_LOAD);
      await user.click(submit);
      expect(await screen.findByLabelText(/^टू-स्टेप कोड/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'साइन इन करें' })).toBeTruthy();
      expect(englishLeft(document.body)).toEqual([]);
    },
    SLOW,
  );

  it(
    'shows forgot password in Hindi',
    async () => {
      identityServer();
      renderApp('/auth/forgot');
      await screen.findByRole('heading', { level: 1, name: 'पासवर्ड भूल गए' }, PAGE_LOAD);
      expect(screen.getByRole('button', { name: 'मुझे लिंक भेजें' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'साइन इन पर वापस जाएँ' })).toBeTruthy();
      expect(englishLeft(document.body)).toEqual([]);
    },
    SLOW,
  );
});
