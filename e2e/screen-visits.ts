import { gameNameForCode, type Role, type Screen } from '@playrep/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectPath } from './harness.js';

/** Waits until nothing in `scope` is loading (aria-busy), with room for a loaded machine. */
export async function settled(scope: Page | Locator): Promise<void> {
  await expect.poll(() => scope.locator('[aria-busy="true"]').count(), { timeout: 20_000, interval: 100 }).toBe(0);
}

/**
 * What a screen that is about one account named in its address is opened with: the member page
 * with player1, a member of every demo account above it (opened without one it shows only its box).
 */
const SCREEN_QUERY: Partial<Record<string, string>> = { member: '?username=player1' };

/** The heading a screen shows in English: its label, or the game's name on draw details. */
export function headingOf(screen: Screen): string {
  if (!screen.path.startsWith('drawdetails/')) return screen.label;
  return gameNameForCode(screen.path.split('/').at(-1)!);
}

/**
 * Opens a screen the way the menu does, without loading the app again: the router follows the
 * history (a full load of every screen would make a file of every screen several times slower).
 * Waits for its heading (`heading`, the English one unless given) and for its figures.
 */
export async function openScreen(page: Page, role: Role, screen: Screen, heading = headingOf(screen)): Promise<void> {
  await page.evaluate(
    (to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    `/${role}/${screen.path}${SCREEN_QUERY[screen.key] ?? ''}`,
  );
  await expectPath(page, `/${role}/${screen.path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 });
  await settled(page);
}
