import 'fake-indexeddb/auto';
import { reportPath } from '@playrep/contracts';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keepAnswer, lastAnswer } from '../lib/offline-answers';
import { renderApp, signInAs, TEST_USERS } from '../test/render-app';
import { reportServer } from '../test/report-server';

const STATEMENT = reportPath('agentMail');
const WEEK = { fromDate: '2026-11-16', toDate: '2026-11-22' };

describe('the report answers kept on the device, at sign-in', () => {
  it('go when another account signs in, and stay for the same account', async () => {
    const master = TEST_USERS.master._id;
    await keepAnswer(master, STATEMENT, WEEK, { rows: [] });
    reportServer({});

    signInAs('master');
    const first = renderApp('/master/account');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastAnswer(master, STATEMENT, WEEK)).toBeDefined();
    first.unmount();

    signInAs('areamanager');
    renderApp('/areamanager/account');
    await waitFor(async () => expect(await lastAnswer(master, STATEMENT, WEEK)).toBeUndefined());
  });
});
