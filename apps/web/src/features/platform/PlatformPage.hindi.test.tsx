import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { KEPT_IN_EVERY_LANGUAGE, latinWordsLeft } from '../../test/english-left';
import { readInHindi } from '../../test/in-hindi';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';

readInHindi();

describe('Platform in Hindi', () => {
  it('shows the feed keys and batches in Hindi, and a new key as it is', async () => {
    reportServer({
      platform: () => ({
        keys: [
          {
            name: 'game-feed',
            state: 'Live',
            createdAt: '2026-11-01T05:30:00.000Z',
            lastUsedAt: null,
            eventsApplied: 120,
            counts: 'play 120',
            live: true,
          },
        ],
        batches: [
          {
            _id: 'b1',
            at: '2026-11-20T05:30:00.000Z',
            key: 'game-feed',
            outcome: 'Applied',
            details: 'play 120',
            address: '203.0.113.9',
          },
        ],
      }),
      feedkeycreate: (query) => ({ message: 'फ़ीड कुंजी बनाई गई।', name: query.name, key: 'pk_9f2c41d7e8' }),
    });
    signInAs('superadmin');
    renderApp('/superadmin/admin/platform');
    const keys = await screen.findByRole('table', { name: 'फ़ीड कुंजियाँ' }, PAGE_LOAD);
    expect(within(keys).getByRole('button', { name: 'फ़ीड कुंजी game-feed रद्द करें' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'पिछले 100 बैच' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'बैच' })).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'नई फ़ीड कुंजी का नाम' }), 'cafe-feed');
    await user.click(screen.getByRole('button', { name: 'कुंजी बनाएँ' }));
    expect((await screen.findByTestId('new-feed-key')).textContent).toBe('pk_9f2c41d7e8');
    expect(latinWordsLeft(document.getElementById('main-content')!, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  }, 60_000);
});
