import type { MailNewsResponse, MyAccountResponse } from '@playrep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD } from '../../test/report-server';

const ACCOUNT: MyAccountResponse = {
  username: 'am1',
  firstName: 'Asha',
  lastName: 'Rao',
  role: 'areamanager',
  parent: 'sam1',
  hasPassword: true,
  lastSignIn: null,
  failedSince: 0,
  wrongCodesSince: 0,
  recentActivity: [],
};

const NEWS: MailNewsResponse = {
  emailConfirmed: true,
  digestEmails: false,
  digestHour: 9,
  digestNowFrom: null,
  bigWinEmails: false,
  bigWinThreshold: 12_500,
};

/** The account page's server, with the news calls answering as the real ones do (the settings after each change). */
function newsServer(start: MailNewsResponse) {
  let news = { ...start };
  let asked = 0;
  const calls = stubFetch((call: FetchCall) => {
    const url = new URL(call.url, 'http://localhost');
    const q = url.searchParams;
    if (url.pathname === '/api/auth/session') return jsonResponse(200, { ok: true });
    if (url.pathname === '/api/auth/account') return jsonResponse(200, { ...ACCOUNT });
    if (url.pathname === '/api/playrep/mailnews') return jsonResponse(200, news);
    if (url.pathname === '/api/playrep/digestemails') {
      news = { ...news, digestEmails: q.get('on') === 'true', digestHour: Number(q.get('hour')) };
      const message = news.digestEmails
        ? `Your daily digest will be emailed to you every day at ${q.get('hour')!.padStart(2, '0')}:00 IST.`
        : 'Your daily digest will no longer be emailed to you.';
      return jsonResponse(200, { ...news, message });
    }
    if (url.pathname === '/api/playrep/digestnow') {
      asked += 1;
      if (asked > 1) {
        return jsonResponse(429, {
          message: 'A digest was asked for less than 10 minutes ago. You can ask for another at 11:10 am IST.',
        });
      }
      return jsonResponse(200, { ...news, message: 'Your digest of yesterday is on its way to am1@example.com.' });
    }
    if (url.pathname === '/api/playrep/bigwinemails') {
      news = { ...news, bigWinEmails: q.get('on') === 'true' };
      return jsonResponse(200, { ...news, message: 'Big wins at or above your threshold will be emailed to you.' });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
  return calls;
}

const posted = (calls: FetchCall[]) =>
  calls
    .filter((c) => c.method === 'POST')
    .map((c) => `${new URL(c.url, 'http://localhost').pathname}${new URL(c.url, 'http://localhost').search}`);

describe('Account page: news by email', () => {
  it('turns the digest on at the hour picked, asks for it now (saying when the limit refuses), and turns big wins on', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = newsServer(NEWS);
    signInAs('areamanager');
    renderApp('/areamanager/account');
    const section = await screen.findByRole('region', { name: 'News by email' }, PAGE_LOAD);
    const news = within(section);
    // The big-win switch says which threshold it uses.
    expect(
      await news.findByText(/Wins from 12,500\.00 points in your network: the big-win threshold you set on Today\./),
    ).toBeTruthy();
    const hour = news.getByLabelText('Hour (IST)') as HTMLSelectElement;
    expect(hour.value).toBe('9');
    expect(news.getAllByRole('option').map((o) => o.textContent)).toHaveLength(24);

    await user.selectOptions(hour, '7');
    await user.click(news.getByRole('switch', { name: 'Email me a daily digest' }));
    expect(await news.findByText('Your daily digest will be emailed to you every day at 07:00 IST.')).toBeTruthy();
    expect((news.getByRole('switch', { name: 'Email me a daily digest' }) as HTMLInputElement).checked).toBe(true);

    await user.click(news.getByRole('button', { name: 'Send me the digest now' }));
    expect(await news.findByText('Your digest of yesterday is on its way to am1@example.com.')).toBeTruthy();
    await user.click(news.getByRole('button', { name: 'Send me the digest now' }));
    expect((await news.findByRole('alert')).textContent).toBe(
      'A digest was asked for less than 10 minutes ago. You can ask for another at 11:10 am IST.',
    );

    await user.click(news.getByRole('switch', { name: 'Email me big wins' }));
    expect(await news.findByText('Big wins at or above your threshold will be emailed to you.')).toBeTruthy();
    expect(posted(calls)).toEqual([
      '/api/playrep/digestemails?on=false&hour=7',
      '/api/playrep/digestemails?on=true&hour=7',
      '/api/playrep/digestnow',
      '/api/playrep/digestnow',
      '/api/playrep/bigwinemails?on=true',
    ]);
  });

  it('explains that a confirmed address is needed, with the switches off and the button disabled', async () => {
    newsServer({ ...NEWS, emailConfirmed: false });
    signInAs('master');
    renderApp('/master/account');
    const section = await screen.findByRole('region', { name: 'News by email' }, PAGE_LOAD);
    const news = within(section);
    expect(
      await news.findByText(
        'Set and confirm an email address above: the daily digest and big wins go only to a confirmed address.',
      ),
    ).toBeTruthy();
    expect((news.getByRole('switch', { name: 'Email me a daily digest' }) as HTMLInputElement).disabled).toBe(true);
    expect((news.getByRole('switch', { name: 'Email me big wins' }) as HTMLInputElement).disabled).toBe(true);
    expect((news.getByRole('button', { name: 'Send me the digest now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is not on a player’s account page, which never asks for it', async () => {
    const calls = newsServer(NEWS);
    signInAs('player');
    renderApp('/player/account');
    await screen.findByRole('heading', { level: 1, name: 'My Account' }, PAGE_LOAD);
    await screen.findByRole('region', { name: 'Password' }, PAGE_LOAD).catch(() => null);
    expect(screen.queryByRole('region', { name: 'News by email' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/api/playrep/mailnews'))).toBe(false);
  });
});
