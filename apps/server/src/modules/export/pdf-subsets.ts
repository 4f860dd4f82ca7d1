/** What both kinds of embedded font subset write (pdf-writer.ts, pdf-shaping.ts): their tag and /W widths. */

/** A subset's tag from its glyphs, six capital letters (PDF 1.7, 9.6.4): the same glyphs, the same tag. */
export function subsetTag(glyphs: readonly number[]): string {
  let hash = 2166136261;
  for (const glyph of glyphs) {
    hash ^= glyph;
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) + i * 7919;
  }
  return tag;
}

/** A width in thousandths of the size as the /W array writes it: at most 3 decimals. */
export const thousandths = (n: number) => String(Number(n.toFixed(3)));
