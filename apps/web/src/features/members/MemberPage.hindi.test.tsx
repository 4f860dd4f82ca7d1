import type { MemberPlaysResponse, MemberResponse, MemberTransfersResponse } from '@playrep/contracts';
import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../lib/i18n/language';
import { KEPT_IN_EVERY_LANGUAGE, latinWordsLeft } from '../../test/english-left';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';

configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  await act(() => chooseLanguage('en'));
});

const RANGE = { fromDate: '2025-03-03', toDate: '2025-03-09' };

const MEMBER: MemberResponse = {
  member: {
    _id: 'u-player1',
    username: 'player1',
    name: 'Pia Rao',
    registered: '2024-11-02',
    active: true,
    balance: -12.5,
    master: { _id: 'u-master1', username: 'master1', name: 'Meera Shah' },
    cafe: { name: 'Sunrise Games', master: 'master1' },
  },
  weeks: [
    {
      fromDate: '2025-03-10',
      toDate: '2025-03-16',
      open: true,
      funtarget: 10,
      funroullet: 0,
      triplefun: 0,
      funab: 0,
      profit: 10,
      poker: 0,
    },
    {
      fromDate: '2025-03-03',
      toDate: '2025-03-09',
      open: false,
      funtarget: 20,
      funroullet: 5,
      triplefun: 0,
      funab: -5,
      profit: 20,
      poker: 2,
    },
  ],
};

const PLAYS: MemberPlaysResponse = {
  range: RANGE,
  data: [
    {
      _id: 'p1',
      playedAt: '2025-03-05T08:00:00Z',
      game: 'Fun Target',
      drawAt: '2025-03-05T08:05:00Z',
      cafe: 'Sunrise Games',
      stake: 100,
      win: 0,
      profit: 100,
    },
  ],
  total: 1,
  totals: { stake: 100, win: 0, profit: 100 },
  page: 1,
  pageSize: 10,
};

const TRANSFERS: MemberTransfersResponse = {
  range: RANGE,
  data: [
    {
      _id: 't1',
      createdAt: '2025-03-04T08:00:00Z',
      from: 'master1',
      to: 'player1',
      type: 'Transfer',
      channel: 'Web',
      status: 'Accepted',
      amount: 500,
      resolvedAt: '2025-03-04T08:10:00Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 10,
} as MemberTransfersResponse;

describe('the member page in Hindi', () => {
  it('says how to find a member, in Hindi, before one is chosen', async () => {
    reportServer({});
    signInAs('master');
    await act(() => chooseLanguage('hi'));
    const { container } = renderApp('/master/reports/member');
    expect(await screen.findByText(/^सदस्य का यूज़रनेम लिखें/, {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByPlaceholderText('यूज़रनेम')).toBeTruthy();
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('shows the member’s figures, weeks, plays and transfers in Hindi, its names marked as data', async () => {
    reportServer({ member: () => MEMBER, memberplays: () => PLAYS, membertransfers: () => TRANSFERS });
    signInAs('master');
    await act(() => chooseLanguage('hi'));
    const { container } = renderApp(`/master/reports/member?username=player1&fromDate=${RANGE.fromDate}&toDate=${RANGE.toDate}`);
    const figures = await screen.findByRole('group', { name: 'सदस्य' }, PAGE_LOAD);
    await within(figures).findByText('Pia Rao');
    expect(within(figures).getByText('Pia Rao').closest('[translate="no"]')).toBeTruthy();
    expect(within(figures).getByText('सक्रिय')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'सप्ताह-वार लाभ' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'खेल' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'ट्रांसफ़र' })).toBeTruthy();
    expect(screen.getByLabelText('इस अवधि के खेल').textContent).toBe(
      '03-मार्च-2025 से 09-मार्च-2025 तक 1 खेल: खेल 100.00 · जीत 0.00 · लाभ 100.00',
    );
    expect(screen.getByText('10-मार्च-2025 (खुला)')).toBeTruthy();
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });
});
