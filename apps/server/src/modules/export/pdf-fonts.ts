import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { type HarfBuzzModule, ShapedFont, type SubsettableFont } from './pdf-shaping.js';
import { type FontkitFont, PdfFont } from './pdf-writer.js';

/**
 * The statement PDFs' fonts (DejaVu Sans Condensed, regular and bold), read and parsed once per
 * thread; for a document in Hindi the same with Noto Sans Devanagari beside each for the Devanagari
 * runs (shaped by HarfBuzz, pdf-shaping.ts; docs/decisions/0022-devanagari-in-pdfs.md). Each keeps what depends on the font alone from one document to the next (PdfFont): its
 * glyphs' advances and a subset program of the common characters, built and compressed once.
 */

export type Weight = 'regular' | 'bold';

/**
 * The characters a statement commonly uses: printable ASCII and the few others its lines, figures
 * and names use. A document whose text stays within them embeds each font's subset as it was
 * built for the first document; another gets a subset of its own.
 */
export const COMMON_CHARACTERS = `${Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('')}·₹–—…‘’“”•×`;

const require = createRequire(import.meta.url);
let fonts: Record<Weight, PdfFont> | undefined;

export function loadFonts(): Record<Weight, PdfFont> {
  fonts ??= {
    regular: loadFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    bold: loadFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  };
  return fonts;
}

let devanagariFonts: Promise<Record<Weight, PdfFont>> | undefined;

/**
 * The fonts of a document with Devanagari text: the same DejaVu subsets as loadFonts' (other
 * objects, with caches of their own), each with Noto Sans Devanagari of its weight beside it.
 * HarfBuzz's WebAssembly is loaded on the first call only.
 */
export function loadDevanagariFonts(): Promise<Record<Weight, PdfFont>> {
  devanagariFonts ??= (async () => {
    const hb = (await import('harfbuzzjs')) as unknown as HarfBuzzModule;
    const notoRegular = require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf');
    const notoBold = require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf');
    return {
      regular: loadFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'), shapedFont(hb, notoRegular)),
      bold: loadFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf'), shapedFont(hb, notoBold)),
    };
  })();
  return devanagariFonts;
}

function shapedFont(hb: HarfBuzzModule, path: string): ShapedFont {
  const data = readFileSync(path);
  const font = fontkit.create(data) as unknown as FontkitFont & SubsettableFont;
  return new ShapedFont(hb, data, font, new PdfFont(font, '').descriptorEntries());
}

function loadFont(path: string, shaped?: ShapedFont): PdfFont {
  return new PdfFont(fontkit.create(readFileSync(path)) as unknown as FontkitFont, COMMON_CHARACTERS, shaped);
}
