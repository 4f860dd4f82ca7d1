import type { ActivityRow } from '@playrep/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KEPT_IN_EVERY_LANGUAGE, latinWordsLeft } from '../../test/english-left';
import { readInHindi } from '../../test/in-hindi';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';

readInHindi();

const entry = (id: number, fields: Partial<ActivityRow>): ActivityRow => ({
  _id: String(id),
  at: `2026-11-20T0${id}:15:00.000Z`,
  kind: 'sign-in',
  kindLabel: 'साइन इन किया',
  actor: 'master1',
  subject: 'master1',
  address: '203.0.113.9',
  device: 'Chrome 131 on Android',
  details: '',
  ...fields,
});

describe('Activity in Hindi', () => {
  it('shows its filters, its count and its table’s headers in Hindi; the entries as they are', async () => {
    reportServer({
      activity: () => ({
        data: [entry(2, {}), entry(1, { kind: 'sign-in-failed', kindLabel: 'साइन-इन विफल', details: 'wrong password' })],
        total: 10_000,
        totalIsLowerBound: true,
        page: 1,
        pageSize: 20,
      }),
    });
    signInAs('superadmin');
    renderApp('/superadmin/admin/activity');
    const table = await screen.findByRole('table', { name: 'गतिविधि' }, PAGE_LOAD);
    await within(table).findAllByText('203.0.113.9');
    expect(screen.getByText('10,000 प्रविष्टियों से ज़्यादा')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'आरंभ तिथि' }).getAttribute('placeholder')).toBe('दिन-माह-वर्ष');
    expect(latinWordsLeft(document.getElementById('main-content')!, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  }, 60_000);
});
