import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { type FontkitFont, PdfFont } from './pdf-writer.js';

/**
 * The statement PDFs' fonts (DejaVu Sans Condensed, regular and bold), read and parsed once per
 * thread. Each keeps what depends on the font alone from one document to the next (PdfFont): its
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

function loadFont(path: string): PdfFont {
  return new PdfFont(fontkit.create(readFileSync(path)) as unknown as FontkitFont, COMMON_CHARACTERS);
}
