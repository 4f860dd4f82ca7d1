import type { DailyStatusRow } from '@playrep/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, formatClock, todayIst } from '../../lib/format';
import { LIVE_REFRESH_MS, rangeIncludesToday, reportCall } from '../../lib/report-call';
import { jsonResponse } from '../../test/fetch-stub';
import { renderRouter, signInAs } from '../../test/render-app';
import { callsTo, reportServer } from '../../test/report-server';
import { DataTable } from '../ui';
import { PageFrame } from './PageFrame';

/** 14:07 IST on a Thursday: "Updated 2:07 pm" until a minute later. */
const NOW = new Date('2026-03-05T08:37:10Z');

const dailyStatus = reportCall('dailyStatus');

/** A report page in miniature: one call, the page frame, and a table paged two rows at a time. */
function Page({ fromDate, toDate }: { fromDate: string; toDate: string }) {
  const report = dailyStatus.useReport({ fromDate, toDate });
  const rows = useMemo(() => report.data?.data ?? [], [report.data]);
  return (
    <PageFrame title="Daily Status" loading={report.isFetching} error={report.error} live={report.live}>
      <DataTable
        columns={[
          { key: 'username', header: 'Agent ID' },
          { key: 'profit', header: 'Profit', type: 'float' },
        ]}
        rows={rows}
        defaultPageSize={2}
        ariaLabel="Daily Status"
      />
    </PageFrame>
  );
}

function row(n: number, profit: number): DailyStatusRow {
  return {
    _id: `u-master${n}`,
    username: `master${n}`,
    fullname: `Master ${n}`,
    address: 'Pune',
    profit,
    playedElsewhere: false,
  };
}

/** Each answer a little different: the profit of master5 is the number of the call. */
function server(answer: (call: number) => Response | undefined = () => undefined) {
  let count = 0;
  return reportServer({
    dailystatus: (q) => {
      count += 1;
      return (
        answer(count) ?? {
          fromDate: q.fromDate,
          toDate: q.toDate,
          data: [row(1, 10), row(2, 20), row(3, 30), row(4, 40), row(5, count)],
          totalProfit: 100 + count,
        }
      );
    },
  });
}

function renderPage(fromDate: string, toDate: string) {
  signInAs('areamanager');
  const router = createMemoryRouter([{ path: '/report', element: <Page fromDate={fromDate} toDate={toDate} /> }], {
    initialEntries: ['/report'],
  });
  renderRouter(router);
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const updated = () => screen.queryByText(/^Updated /)?.textContent ?? null;
const showing = () => screen.getByText(/^Showing /).textContent;

beforeAll(async () => {
  // The answer schemas load on first use (development builds): not inside a test's fake clock.
  await import('@playrep/contracts');
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('Live pages (a report whose range includes today)', () => {
  it('asks again every minute while visible, keeping the page of the table, and shows the time of each answer', async () => {
    const calls = server();
    const today = todayIst();
    renderPage(addDays(today, -6), today);
    expect(await screen.findByText('master1')).toBeTruthy();
    expect(updated()).toBe(`Updated ${formatClock(NOW)}`);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByLabelText('Page 3'));
    expect(screen.getByText('master5')).toBeTruthy();
    const page3 = showing();

    await wait(LIVE_REFRESH_MS - 5_000);
    expect(callsTo(calls, 'dailystatus')).toHaveLength(1);
    await wait(5_000);
    await wait(0);
    expect(callsTo(calls, 'dailystatus')).toHaveLength(2);
    // The new answer is on screen, on the page the user was reading, with its own time.
    expect(await screen.findByText('2.00')).toBeTruthy();
    expect(showing()).toBe(page3);
    expect(updated()).toBe(`Updated ${formatClock(Date.now())}`);
    expect(updated()).not.toBe(`Updated ${formatClock(NOW)}`);
  });

  it('keeps the answer on screen while it asks again, without a loader', async () => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server();
    const today = todayIst();
    renderPage(today, today);
    expect(await screen.findByText('master1')).toBeTruthy();

    // The second answer waits until released.
    const calls = reportServer({
      dailystatus: async (q) => {
        await held;
        return { fromDate: q.fromDate, toDate: q.toDate, data: [row(1, 77)], totalProfit: 77 };
      },
    });
    await wait(LIVE_REFRESH_MS);
    expect(callsTo(calls, 'dailystatus')).toHaveLength(1);
    expect(screen.getByText('master1')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('table', { name: 'Daily Status' }).closest('[aria-busy="true"]')).toBeNull();

    release?.();
    expect(await screen.findByText('77.00')).toBeTruthy();
  });

  it('does not ask while the tab is hidden, and asks at once when it shows again, then every minute', async () => {
    const calls = server();
    const today = todayIst();
    renderPage(today, today);
    expect(await screen.findByText('master1')).toBeTruthy();

    setVisibility('hidden');
    await wait(3 * LIVE_REFRESH_MS);
    expect(callsTo(calls, 'dailystatus')).toHaveLength(1);

    setVisibility('visible');
    await wait(0);
    expect(callsTo(calls, 'dailystatus')).toHaveLength(2);
    await wait(LIVE_REFRESH_MS);
    expect(callsTo(calls, 'dailystatus')).toHaveLength(3);
  });

  it('is not live for a range of past days: no refresh and no Updated time', async () => {
    const calls = server();
    const yesterday = addDays(todayIst(), -1);
    renderPage(addDays(yesterday, -6), yesterday);
    expect(await screen.findByText('master1')).toBeTruthy();
    expect(updated()).toBeNull();

    await wait(3 * LIVE_REFRESH_MS);
    expect(callsTo(calls, 'dailystatus')).toHaveLength(1);
  });

  it('keeps the last answer and its time when a refresh fails, and takes the next one', async () => {
    // The refresh and the one retry the client makes of a failed call (query-client.ts) both fail.
    const busy = (call: number) => (call === 2 || call === 3 ? jsonResponse(503, { message: 'The server is busy.' }) : undefined);
    const calls = server(busy);
    const today = todayIst();
    renderPage(today, today);
    expect(await screen.findByText('master1')).toBeTruthy();
    const first = updated();

    await wait(LIVE_REFRESH_MS);
    await wait(5_000);
    expect(callsTo(calls, 'dailystatus')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('master1')).toBeTruthy();
    expect(updated()).toBe(first);

    await wait(LIVE_REFRESH_MS);
    expect(callsTo(calls, 'dailystatus')).toHaveLength(4);
    await wait(100);
    expect(updated()).toBe(`Updated ${formatClock(Date.now())}`);
    expect(updated()).not.toBe(first);
  });
});

describe('which calls are live by default', () => {
  const today = '2026-03-05';
  it('is a range that includes today: its own dates, or blank dates (the 7 days ending today)', () => {
    expect(rangeIncludesToday({ fromDate: '2026-02-27', toDate: today }, today)).toBe(true);
    expect(rangeIncludesToday({ fromDate: '2026-03-02', toDate: '2026-03-08' }, today)).toBe(true);
    expect(rangeIncludesToday({ fromDate: '', toDate: '' }, today)).toBe(true);
  });

  it('is not a range of past days, nor a call without dates', () => {
    expect(rangeIncludesToday({ fromDate: '2026-02-26', toDate: '2026-03-04' }, today)).toBe(false);
    expect(rangeIncludesToday({ id: 'u-master1' }, today)).toBe(false);
  });
});
