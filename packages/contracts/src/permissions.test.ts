import { describe, expect, it } from 'vitest';
import { MENU_ORDER, menuFor, SCREENS } from './permissions.js';

describe('the permission table', () => {
  it('gives every screen of a menu section its own place there', () => {
    for (const section of MENU_ORDER) {
      const orders = SCREENS.filter((s) => s.menu?.section === section).map((s) => s.menu!.order);
      expect(new Set(orders).size, section).toBe(orders.length);
    }
  });

  it('lists a menu section by the order its screens give, whatever file declares them', () => {
    const reports = menuFor('superadmin')
      .find((s) => s.title === 'Reports')!
      .items.map((i) => i.label);
    const byOrder = SCREENS.filter((s) => s.menu?.section === 'Reports')
      .sort((a, b) => a.menu!.order - b.menu!.order)
      .map((s) => s.label);
    expect(reports).toEqual(byOrder);
    // The money, transfer and network families interleave in the Reports menu.
    expect(reports.slice(0, 6)).toEqual([
      'Revenue',
      'Poker Revenue',
      'Point Transfer',
      'Multiplayer Point Transfer',
      'Daily Status',
      'Agent Details',
    ]);
  });

  it('names the main call of a one-table screen first, a call the screen makes', () => {
    const oneTables = SCREENS.filter((s) => s.oneTable);
    expect(oneTables.map((s) => s.key)).toContain('agentDetails');
    for (const s of oneTables) expect(s.api[0], s.key).toBe(s.key);
  });
});
