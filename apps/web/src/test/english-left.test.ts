import { describe, expect, it } from 'vitest';
import { KEPT_IN_EVERY_LANGUAGE, latinWordsLeft } from './english-left';

function page(html: string): Element {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('latinWordsLeft', () => {
  it('finds English words in texts and in the attributes a person meets', () => {
    const root = page(
      '<h2>आज की Plays</h2><button aria-label="Close dialog">×</button><input placeholder="Search"><span title="Last week">x</span>',
    );
    expect(latinWordsLeft(root, KEPT_IN_EVERY_LANGUAGE)).toEqual(['Close', 'Last', 'Plays', 'Search', 'dialog', 'week']);
  });

  it('leaves data alone: translate="no", table body cells, usernames, game names and the kept words', () => {
    const root = page(
      '<p>खिलाड़ी <b translate="no">Asha Rao</b> master1 ने Fun Target में CSV</p><table><thead><tr><th>नाम</th></tr></thead><tbody><tr><td>Cafe Shivaji</td></tr></tbody></table>',
    );
    expect(latinWordsLeft(root, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('reads a column header in English as left', () => {
    expect(latinWordsLeft(page('<table><thead><tr><th>Agent</th></tr></thead></table>'), [])).toEqual(['Agent']);
  });
});
