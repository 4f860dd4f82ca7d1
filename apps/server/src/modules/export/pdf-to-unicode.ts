/** Four hex digits, as PDF's CMaps write a 16-bit code. */
export const hex4 = (code: number): string => code.toString(16).padStart(4, '0');

/** A ToUnicode CMap entry: a font's glyph code and the text it stands for (UTF-16BE hex). */
export function toUnicodePair(code: number, text: string): string {
  let utf16 = '';
  for (let i = 0; i < text.length; i++) utf16 += hex4(text.charCodeAt(i));
  return `<${hex4(code)}> <${utf16}>`;
}

/**
 * The ToUnicode CMap of a font with two-byte codes (Identity-H), from its pairs: what lets a reader
 * extract the text a glyph code draws. PDF allows at most 100 entries in one bfchar block.
 */
export function toUnicodeCMap(pairs: readonly string[]): string {
  const blocks: string[] = [];
  for (let i = 0; i < pairs.length; i += 100) {
    const block = pairs.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
