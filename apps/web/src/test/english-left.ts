/**
 * What is left in English on a screen shown in Hindi: the Latin-letter words of its texts and of
 * the attributes a person or a screen reader meets (aria-label, title, placeholder, alt), outside
 * what is data and so never translated:
 * - an element marked `translate="no"` (HTML's own mark for "do not translate": a username, a
 *   cafe's or a person's name, an address shown outside a table);
 * - a table's body cells (the figures and names a report lists; its column headers are checked);
 * (The values of inputs, what a person typed, are not text nodes and are not read.)
 * The words every language keeps (game names, the brand, CSV/Excel/PDF, ...) are in
 * KEPT_IN_EVERY_LANGUAGE; a test adds the data words of its own fixture.
 *
 * One function for the unit tests (jsdom) and the browser tests (its source is sent to the page),
 * so it uses nothing outside its own body.
 */
export function latinWordsLeft(root: Element, allowed: readonly string[]): string[] {
  const kept = new Set(allowed.map((word) => word.toLowerCase()));
  const found = new Set<string>();
  const skipped = (element: Element | null) =>
    !!element?.closest('[translate="no"], tbody td, script, style, noscript, [hidden]');
  const read = (text: string | null | undefined) => {
    for (const word of (text ?? '').match(/[A-Za-z][A-Za-z0-9'’.-]*/g) ?? []) {
      const bare = word.replace(/[.'’-]+$/, '');
      if (bare.length < 2 || kept.has(bare.toLowerCase())) continue;
      // A username or a code: letters then digits (master1, am12, ZX9).
      if (/^[A-Za-z]+\d+$/.test(bare)) continue;
      found.add(bare);
    }
  };
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!skipped(node.parentElement)) read(node.textContent);
  }
  for (const element of Array.from(root.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))) {
    if (skipped(element)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) read(element.getAttribute(name));
  }
  return [...found].sort();
}

/** Words the back office writes alike in every language (docs/glossary-hi.md). */
export const KEPT_IN_EVERY_LANGUAGE: readonly string[] = [
  // Game names stay as they are.
  'Fun',
  'Target',
  'Roullet',
  'Triple',
  'AB',
  'Poker',
  // The brand, file formats and abbreviations read as they are.
  'Playrep',
  'CSV',
  'Excel',
  'PDF',
  'CCS',
  'IST',
  'ID',
  'IP',
  'OTP',
  // A time of day: CLDR's Hindi writes am and pm too (6:32 pm).
  'am',
  'pm',
];
