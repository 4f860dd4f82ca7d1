import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The serious and critical axe findings on the page as it is now, one line each (empty: none). */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
