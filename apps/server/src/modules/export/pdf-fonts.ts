import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The statement PDFs' fonts (DejaVu Sans Condensed, regular and bold), and what an export thread
 * keeps of their work from one document to the next. A week's statements repeat the same labels,
 * headings, dates and digits hundreds of times; pdfkit would shape every word again and build and
 * encode each document's font subset from scratch, which together took most of a statement's
 * build time. Everything kept here depends on the font alone, never on a document.
 */

export type Weight = 'regular' | 'bold';

export interface LoadedFont {
  source: PDFKit.Mixins.PDFFontSource;
  /** The PostScript name, under which pdfkit files the fonts a document has opened. */
  name: string;
}

/** The parts of fontkit's subset (`font.createSubset()`) used here. */
interface FontSubset {
  glyphs: number[];
  encode(): Uint8Array;
}
type ParsedFont = { postscriptName: string; createSubset(): FontSubset };

/**
 * The characters a statement commonly uses (its figures, dates, labels and names), which each
 * document's subset of each font holds first, in this order: most documents then embed the same glyphs under the same numbers, and the
 * subset's encoded program is taken from the thread's cache instead of being built again.
 */
export const COMMON_CHARACTERS = '0123456789,.-:%()/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ';

/** Encoded subsets kept per font: a new one beyond this empties the font's cache first. */
const SUBSETS_KEPT = 32;
/** Laid-out words kept per font: past this, the font's cache is emptied. */
const LAYOUTS_KEPT = 10_000;

const require = createRequire(import.meta.url);
let fonts: Record<Weight, LoadedFont> | undefined;

/** The fonts, read and parsed once per thread (a document's own copy took most of its build time). */
export function loadFonts(): Record<Weight, LoadedFont> {
  fonts ??= {
    regular: loadFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    bold: loadFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  };
  return fonts;
}

function loadFont(path: string): LoadedFont {
  const parsed = fontkit.create(readFileSync(path)) as unknown as ParsedFont;
  const createSubset = parsed.createSubset.bind(parsed);
  const encoded = new Map<string, Uint8Array>();
  // pdfkit asks the font for a subset per document and encodes it once, when the document ends.
  // The encoding depends only on the glyphs the subset holds, in their order.
  parsed.createSubset = () => {
    const subset = createSubset();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = subset.glyphs.join(',');
      let bytes = encoded.get(key);
      if (!bytes) {
        if (encoded.size >= SUBSETS_KEPT) encoded.clear();
        bytes = encode();
        encoded.set(key, bytes);
      }
      return bytes;
    };
    return subset;
  };
  return { source: parsed as unknown as PDFKit.Mixins.PDFFontSource, name: parsed.postscriptName };
}

/**
 * The words each font has laid out, shared by the documents of this thread: pdfkit keeps them in
 * a field of its font object (`layoutCache`), which a document's font is pointed at. A laid-out
 * word depends on the font and the word alone (sizes are applied later) and pdfkit never changes
 * one it has stored. Counted every LAYOUT_CHECK_EVERY documents, not at each (counting 10,000 keys
 * took a millisecond).
 */
const sharedLayouts: Partial<Record<Weight, Record<string, unknown>>> = {};
const LAYOUT_CHECK_EVERY = 64;
let documentsSinceCheck = 0;

export function sharedLayoutsOf(): Record<Weight, Record<string, unknown>> {
  const check = ++documentsSinceCheck >= LAYOUT_CHECK_EVERY;
  if (check) documentsSinceCheck = 0;
  const of = (weight: Weight) => {
    let layouts = sharedLayouts[weight];
    if (!layouts || (check && Object.keys(layouts).length > LAYOUTS_KEPT)) {
      layouts = Object.create(null) as Record<string, unknown>;
      sharedLayouts[weight] = layouts;
    }
    return layouts;
  };
  return { regular: of('regular'), bold: of('bold') };
}

/** pdfkit's font object of a document's current font (its internal fields used here). */
export interface OpenFont {
  layoutCache?: Record<string, unknown>;
  encode(text: string): unknown;
}

/** Points a document's newly opened font at the shared layouts and gives its subset the common glyphs first. */
export function prepareOpenFont(open: OpenFont, layouts: Record<string, unknown>): void {
  open.layoutCache = layouts;
  open.encode(COMMON_CHARACTERS);
}
