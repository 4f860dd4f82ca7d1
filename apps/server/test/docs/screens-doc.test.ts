import { ENDPOINTS, isDrawScreen, MENU_ORDER, SCREENS, type Screen } from '@playrep/contracts';
import { describe, expect, it } from 'vitest';
import { docSections, readRepoFile } from './repo-text.js';

/** Every screen of the permission table is described in docs/screens.md: a section, and its row of "Screens at a glance". */

const DOC = 'docs/screens.md';
const text = readRepoFile(DOC);
const headings = docSections(DOC);

/** The text of the section under `heading`, up to the next heading of its level or above. */
function section(heading: string): string {
  const start = text.search(new RegExp(`^## ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
  if (start < 0) return '';
  const rest = text.slice(start + 3);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The rows of the table of "Screens at a glance", as cells. */
const glance = section('Screens at a glance')
  .split('\n')
  .filter((line) => line.startsWith('|') && !line.startsWith('|---'))
  .slice(1)
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
const byLabel = (s: Screen) => s.label;

describe(`every screen of the permission table is described in ${DOC}`, () => {
  it('reads the screens and the table', () => {
    expect(SCREENS.length).toBeGreaterThan(20);
    expect(glance.length).toBeGreaterThan(10);
  });

  it.each(SCREENS.filter((s) => !isDrawScreen(s)).map((s) => [byLabel(s), s] as const))(
    '%s has a section of its own, titled with its label',
    (label) => {
      const titled = headings.filter((h) => h === label || new RegExp(`(^|\\W)${label}(\\W|$)`).test(h));
      expect(titled, `no heading of ${DOC} names ${label}`).not.toEqual([]);
    },
  );

  it.each(SCREENS.filter(isDrawScreen).map((s) => [byLabel(s), s] as const))('%s is named in "Draw details"', (label, screen) => {
    expect(section('Draw details')).toContain(label);
    expect(section('Draw details')).toContain(`\`${screen.key}\``);
  });

  it.each(SCREENS.map((s) => [byLabel(s), s] as const))(
    '%s has its row in "Screens at a glance": label, key, route, audience and every call with its path',
    (label, screen) => {
      const row = glance.find((cells) => (cells[0] ?? '').split(/[(,]/).some((part) => part.trim() === label));
      expect(row, `no row of "Screens at a glance" is ${label}`).toBeDefined();
      const [, name = '', route = '', who = ''] = row ?? [];
      if (isDrawScreen(screen)) {
        expect(name).toContain('drawDetails');
        expect(route).toContain('drawdetails/');
      } else {
        expect(codeSpans(name)[0]).toBe(screen.key);
        expect(codeSpans(route)[0]?.split('?')[0]).toBe(screen.path);
      }
      expect(who.split(/[\s(]/)[0]).toBe(screen.audience);
      const calls = codeSpans(row?.[4] ?? '');
      for (const call of screen.api) {
        expect(calls, `the calls of ${label}`).toContain(call);
        expect(calls, `the path of ${call}`).toContain(ENDPOINTS[call].path.split('/').pop());
      }
    },
  );

  it('gives the menu groups in the order of the menus', () => {
    const order = section('Screens at a glance').match(/The menu groups come in this order: ([^;.]+)/)?.[1];
    expect(order?.split(/,\s*/)).toEqual([...MENU_ORDER]);
  });
});
