import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SCREENS } from '@playrep/contracts';
import { describe, expect, it } from 'vitest';
import { pageModulesOf } from '../../page-preloads';

// The build reads the screen registry's source to list each screen's files for the server
// (page-preloads.ts): it must find every screen's page there, as the registry imports it.
describe("the build's reading of the screen registry", () => {
  const registry = path.join(import.meta.dirname, 'screen-registry.ts');
  const modules = pageModulesOf(readFileSync(registry, 'utf8'), path.dirname(registry));

  it('finds the page module of every screen, and nothing else', () => {
    expect(Object.keys(modules).sort()).toEqual(SCREENS.map((s) => s.key).sort());
    for (const [key, module] of Object.entries(modules)) expect(existsSync(`${module}.tsx`), `${key}: ${module}`).toBe(true);
    expect(path.basename(modules.trends!)).toBe('TrendsPage');
    expect(path.basename(modules.agentDetails!)).toBe('OneTableReport');
  });

  it('refuses an entry in another form', () => {
    const source =
      "const PAGE_MODULES: Readonly<Record<ScreenKey, X>> = {\n  today: () => import('./TodayPage'),\n  trends: lazy(() => import('./TrendsPage')),\n};";
    expect(() => pageModulesOf(source, '/src')).toThrow(/trends: lazy/);
  });
});
