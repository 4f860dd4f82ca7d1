import 'fake-indexeddb/auto';
import type { DailyStatusRow } from '@playrep/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useMemo } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAnswers, lastAnswer } from '../../lib/offline-answers';
import { OFFLINE_TEXT } from '../../lib/offline-text';
import { reportCall } from '../../lib/report-call';
import { stubFetch } from '../../test/fetch-stub';
import { renderRouter, signInAs, TEST_USERS } from '../../test/render-app';
import { callsTo, reportServer } from '../../test/report-server';
import { DataTable } from '../ui';
import { offlineAsOfText } from './OfflineNotice';
import { PageFrame } from './PageFrame';

const dailyStatus = reportCall('dailyStatus');
/** A past week: not a live report. */
const WEEK = { fromDate: '2026-03-02', toDate: '2026-03-08' };

function Page() {
  const report = dailyStatus.useReport(WEEK);
  const rows = useMemo(() => report.data?.data ?? [], [report.data]);
  return (
    <PageFrame title="Daily Status" loading={report.isFetching} error={report.error} live={report.live}>
      <DataTable
        columns={[{ key: 'username', header: 'Agent ID' }]}
        rows={rows}
        exportHref={dailyStatus.exportHref(WEEK)}
        ariaLabel="Daily Status"
      />
    </PageFrame>
  );
}

function row(n: number): DailyStatusRow {
  return {
    _id: `u-master${n}`,
    username: `master${n}`,
    fullname: `Master ${n}`,
    address: 'Pune',
    profit: n,
    playedElsewhere: false,
  };
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/report', element: <Page /> }], { initialEntries: ['/report'] });
  renderRouter(router);
}

let online = true;
function setOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

/** Opens the report online as am1: its answer is kept on the device. Returns when it was fetched. */
async function openOnline(): Promise<number> {
  const calls = reportServer({ dailystatus: (q) => ({ ...q, data: [row(1), row(2)], totalProfit: 3 }) });
  signInAs('areamanager');
  renderPage();
  expect(await screen.findByText('master1')).toBeTruthy();
  expect(callsTo(calls, 'dailystatus')).toHaveLength(1);
  let kept: number | undefined;
  await waitFor(async () => {
    kept = (await lastAnswer(TEST_USERS.areamanager._id, '/playrep/dailystatus', WEEK))?.fetchedAt;
    expect(kept).toBeDefined();
  });
  cleanup();
  return kept!;
}

const notice = () => screen.queryByText(/^You are offline: figures as of /)?.textContent ?? null;

beforeAll(async () => {
  await import('@playrep/contracts');
});

beforeEach(async () => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  await clearAnswers();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('a kept report without a network', () => {
  it('says when its figures were fetched: date and clock in IST', () => {
    expect(offlineAsOfText(Date.parse('2026-11-28T13:02:00Z'))).toBe('28-Nov-2026, 6:32 pm');
    expect(OFFLINE_TEXT.figuresAsOf(offlineAsOfText(Date.parse('2026-11-28T13:02:00Z')))).toBe(
      'You are offline: figures as of 28-Nov-2026, 6:32 pm',
    );
  });

  it('offline, shows the last answer from the device with the time it was fetched, asks no server, and offers no download', async () => {
    const fetchedAt = await openOnline();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    setOnline(false);

    renderPage();
    expect(await screen.findByText('master1')).toBeTruthy();
    expect(notice()).toBe(`You are offline: figures as of ${offlineAsOfText(fetchedAt)}`);
    expect(screen.getByText(`Download: ${OFFLINE_TEXT.needsConnection}`)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'CSV' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('when the network fails, shows the last answer too; a fresh answer takes the notice away', async () => {
    await openOnline();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderPage();
    expect(await screen.findByText('master1')).toBeTruthy();
    expect(notice()).not.toBeNull();
    cleanup();

    reportServer({ dailystatus: (q) => ({ ...q, data: [row(7)], totalProfit: 7 }) });
    renderPage();
    expect(await screen.findByText('master7')).toBeTruthy();
    expect(notice()).toBeNull();
  });

  it('shows nothing of another account: the report says it needs a connection', async () => {
    await openOnline();
    setOnline(false);
    signInAs('master');

    renderPage();
    expect(await screen.findByText(OFFLINE_TEXT.nothingKept)).toBeTruthy();
    expect(screen.queryByText('master1')).toBeNull();
    expect(notice()).toBeNull();
  });
});
