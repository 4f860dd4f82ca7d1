import { LABELS_HI } from '@playrep/contracts';
import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../lib/i18n/language';
import { KEPT_IN_EVERY_LANGUAGE, latinWordsLeft } from '../../test/english-left';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD } from '../../test/report-server';
import { report, transfer } from './test-data';

configure({ asyncUtilTimeout: 5000 });

const DATA = report(
  { fromDate: '2025-03-01', toDate: '2025-03-07' },
  {
    transferred: [
      transfer('sent', 'player1', 150, '2025-03-02T08:37:09Z'),
      transfer('sent', 'player1', 99.99, '2025-03-03T10:00:00Z'),
    ],
    received: [transfer('received', 'house', 5000, '2025-03-05T18:29:59Z')],
    rejected: [transfer('sent', 'player7', 42.5, '2025-03-02T00:00:00Z', 'rejected')],
  },
);

function server() {
  stubFetch((call) => {
    const url = new URL(call.url, 'http://web.test');
    if (url.pathname.startsWith('/api/playrep/')) return jsonResponse(200, DATA);
    if (url.pathname === '/api/auth/session') return jsonResponse(200, { ok: true });
    return jsonResponse(404, { message: 'Not found' });
  });
}

afterEach(async () => {
  await act(() => chooseLanguage('en'));
});

async function inHindi(path: string) {
  server();
  signInAs('master');
  await act(() => chooseLanguage('hi'));
  return renderApp(path);
}

describe('the transfer screens in Hindi', () => {
  it('Point Transfer: the filters, the sections and an open section read in Hindi', async () => {
    const { container } = await inHindi('/master/reports/pointtransfer?fromDate=2025-03-01&toDate=2025-03-07&memberId=player1');
    await screen.findByText(/^01-मार्च/, {}, PAGE_LOAD);
    // The first section is open: its table, its headers in Hindi.
    expect(await screen.findByRole('button', { name: new RegExp(`^${LABELS_HI['Point Transferred']} \\(2\\)$`) })).toBeTruthy();
    expect(screen.getByText(/^01-मार्च-2025 से 07-मार्च-2025 तक, सदस्य/)).toBeTruthy();
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
    const table = await screen.findByRole('table', { name: LABELS_HI['Point Transferred'] });
    expect(within(table).getByRole('columnheader', { name: new RegExp(LABELS_HI['Transferred To']!) })).toBeTruthy();
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('Multipoint Transfer reads in Hindi', async () => {
    const { container } = await inHindi(
      '/master/reports/multipointtransfer?fromDate=2025-03-01&toDate=2025-03-07&section=received',
    );
    await screen.findByRole('table', { name: LABELS_HI['Multiplayer Points Received'] }, PAGE_LOAD);
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('Weekly Details reads in Hindi', async () => {
    const { container } = await inHindi('/master/weeklydetailsreport?fromDate=2025-03-03&toDate=2025-03-09&section=rejected');
    await screen.findByRole('table', { name: LABELS_HI['Points Rejected'] }, PAGE_LOAD);
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });
});
