import 'fake-indexeddb/auto';
import { reportPath } from '@playrep/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimDevice, clearAnswers, KEEP_FOR_MS, keepAnswer, lastAnswer } from './offline-answers';

const STATEMENT = reportPath('agentMail');
const WEEK = { fromDate: '2026-11-16', toDate: '2026-11-22' };
const AT = Date.parse('2026-11-28T13:02:00Z');

beforeEach(async () => {
  await clearAnswers();
});

describe('the report answers kept on the device', () => {
  it('gives an account back its own answer to the same question, with when it was fetched, and nothing to another account', async () => {
    await keepAnswer('acc-1', STATEMENT, WEEK, { rows: [1, 2] }, AT);

    expect(await lastAnswer('acc-1', STATEMENT, WEEK, AT + 60_000)).toEqual({ answer: { rows: [1, 2] }, fetchedAt: AT });
    // The query's order does not matter; another week is another question.
    expect(await lastAnswer('acc-1', STATEMENT, { toDate: WEEK.toDate, fromDate: WEEK.fromDate }, AT)).toBeDefined();
    expect(await lastAnswer('acc-1', STATEMENT, { ...WEEK, fromDate: '2026-11-09' }, AT)).toBeUndefined();
    expect(await lastAnswer('acc-2', STATEMENT, WEEK, AT)).toBeUndefined();
  });

  it('keeps only the listed reports', async () => {
    await keepAnswer('acc-1', reportPath('pointTransfer'), {}, { rows: [] }, AT);
    await keepAnswer('acc-1', reportPath('today'), {}, { rows: [] }, AT);

    expect(await lastAnswer('acc-1', reportPath('pointTransfer'), {}, AT)).toBeUndefined();
    expect(await lastAnswer('acc-1', reportPath('today'), {}, AT)).toBeDefined();
  });

  it('forgets an answer 7 days after it was fetched', async () => {
    await keepAnswer('acc-1', STATEMENT, WEEK, { rows: [] }, AT);

    expect(await lastAnswer('acc-1', STATEMENT, WEEK, AT + KEEP_FOR_MS - 1)).toBeDefined();
    expect(await lastAnswer('acc-1', STATEMENT, WEEK, AT + KEEP_FOR_MS)).toBeUndefined();
  });

  it('holds one account: keeping an answer of another account or its sign-in deletes the first one', async () => {
    await keepAnswer('acc-1', STATEMENT, WEEK, { rows: [] }, AT);
    await claimDevice('acc-1', AT);
    expect(await lastAnswer('acc-1', STATEMENT, WEEK, AT)).toBeDefined();

    await claimDevice('acc-2', AT);
    await keepAnswer('acc-2', reportPath('today'), {}, { rows: [] }, AT);
    expect(await lastAnswer('acc-1', STATEMENT, WEEK, AT)).toBeUndefined();

    await keepAnswer('acc-1', STATEMENT, WEEK, { rows: [] }, AT);
    expect(await lastAnswer('acc-2', reportPath('today'), {}, AT)).toBeUndefined();
  });

  it('is cleared when another account signs in, and kept when the same one signs in again', async () => {
    await keepAnswer('acc-1', STATEMENT, WEEK, { rows: [] }, AT);

    await claimDevice('acc-1', AT);
    expect(await lastAnswer('acc-1', STATEMENT, WEEK, AT)).toBeDefined();

    await claimDevice('acc-2', AT);
    expect(await lastAnswer('acc-1', STATEMENT, WEEK, AT)).toBeUndefined();
  });
});
