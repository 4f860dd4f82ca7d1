import { deflateSync } from 'node:zlib';
import { definite } from '../../lib/definite.js';
import { hasShapedText, needsShaping, SHAPED_FONT_OBJECTS, type ShapedFont, ShapedFontUse } from './pdf-shaping.js';
import { subsetTag, thousandths } from './pdf-subsets.js';
import { hex4, toUnicodeCMap, toUnicodePair } from './pdf-to-unicode.js';

/**
 * A small PDF writer for the statement PDFs (pdf-builder.ts): pages of text in embedded TrueType
 * fonts, filled rectangles and lines, nothing else. Coordinates are as on a page read top-down:
 * (x, y) is the top left corner of what is placed, in points from the page's top left corner.
 *
 * Text is set in CIDFontType2 fonts (Identity-H, two bytes a glyph) with a /W widths array and a
 * ToUnicode CMap, so readers (pdf.js, pdf-parse) extract the very characters drawn, spaces
 * included. Characters are mapped to glyphs through the font's cmap alone: no shaping, no kerning;
 * a text's width is the sum of its glyphs' advances. A font may have a shaping font beside it
 * (`shaped`, pdf-shaping.ts): the runs of a text in a script that needs shaping (Devanagari) are
 * set in that one, shaped, and the rest as above.
 *
 * What depends on a font alone is kept from one document to the next (PdfFont): its glyph ids and
 * advances, and one subset program holding a common set of characters, built, encoded and
 * compressed once. A document whose text stays within that set embeds it as it is; a document
 * with other characters embeds the common glyphs under the same codes followed by its own, a
 * subset built for it (a few such are kept, by glyph list).
 */

/** The parts of a fontkit font used here. */
export interface FontkitFont {
  postscriptName: string;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  italicAngle: number;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  'OS/2'?: { capHeight?: number; xHeight?: number; fsType?: number };
  glyphForCodePoint(codePoint: number): { id: number; advanceWidth: number };
  getGlyph(id: number): { advanceWidth: number };
  createSubset(): { includeGlyph(glyph: number): number; encode(): Uint8Array; glyphs: number[] };
}

/** A font program with the glyphs of a document, ready to embed: compressed, with its widths and CMap. */
interface EmbeddedSubset {
  /** Six capital letters naming the subset (PDF 1.7, 9.6.4). */
  tag: string;
  program: Buffer;
  programLength: number;
  /** The /W array's inner list: the width of each glyph code from 0, in thousandths of the size. */
  widths: string;
  toUnicode: Buffer;
  /** The objects embedding it, as written, by the number of the first. */
  objects: Map<number, Buffer[]>;
}

/** Subsets beyond the common one kept per font: a new one beyond this empties the cache first. */
const SUBSETS_KEPT = 32;
/** Wrapped texts kept per font: past this, the cache is emptied. */
const WRAPS_KEPT = 5_000;

/**
 * A content stream being written, byte by byte: operators, numbers and the glyph codes of text,
 * with no string built for them. Its buffers are taken from, and given back to, a thread's spares.
 */
class ContentBuffer {
  bytes: Buffer;
  length = 0;

  constructor() {
    this.bytes = spareBuffers.pop() ?? Buffer.allocUnsafe(32 * 1024);
  }

  private room(count: number) {
    if (this.length + count <= this.bytes.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + count));
    this.bytes.copy(bigger, 0, 0, this.length);
    this.bytes = bigger;
  }

  /** Text of ASCII characters (operators). */
  ascii(text: string): void {
    this.room(text.length);
    const { bytes } = this;
    let at = this.length;
    for (let i = 0; i < text.length; i++) bytes[at++] = text.charCodeAt(i);
    this.length = at;
  }

  /** A number with at most 3 decimals, no exponent, no trailing zeros. */
  number(n: number): void {
    if (!Number.isFinite(n) || Math.abs(n) > 1e9) throw new Error(`PdfWriter: number ${n}`);
    this.room(24);
    const { bytes } = this;
    let thousandths = Math.round(n * 1000);
    let at = this.length;
    if (thousandths < 0) {
      bytes[at++] = 0x2d;
      thousandths = -thousandths;
    }
    let whole = Math.floor(thousandths / 1000);
    let fraction = thousandths - whole * 1000;
    // The whole part's digits, counted, then written from the last.
    let digits = 1;
    for (let rest = whole; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    at += digits;
    for (let i = at - 1; i >= at - digits; i--) {
      bytes[i] = 0x30 + (whole % 10);
      whole = Math.floor(whole / 10);
    }
    if (fraction > 0) {
      bytes[at++] = 0x2e;
      let scale = 100;
      while (fraction > 0) {
        const digit = Math.floor(fraction / scale);
        bytes[at++] = 0x30 + digit;
        fraction -= digit * scale;
        scale /= 10;
      }
    }
    this.length = at;
  }

  /** A glyph code's two bytes inside a literal string: ( ) \\ and CR escaped. */
  code(code: number): void {
    this.room(4);
    this.byte(code >> 8);
    this.byte(code & 0xff);
  }

  private byte(b: number) {
    const { bytes } = this;
    if (b === 0x28 || b === 0x29 || b === 0x5c) {
      bytes[this.length++] = 0x5c;
      bytes[this.length++] = b;
    } else if (b === 0x0d) {
      bytes[this.length++] = 0x5c;
      bytes[this.length++] = 0x72;
    } else bytes[this.length++] = b;
  }

  /** The bytes written; the buffer goes back to the spares (`content` must not be used after). */
  release(): void {
    if (this.bytes.length === 32 * 1024 && spareBuffers.length < 16) spareBuffers.push(this.bytes);
  }
}
const spareBuffers: Buffer[] = [];

/** A number as PDF content writes it: at most 3 decimals, no exponent. */
export function pdfNumber(n: number): string {
  const rounded = Math.round(n * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
}

/**
 * A TrueType font as the writer uses it, kept per thread: its metrics (in thousandths of the size,
 * as PDF fonts measure) and its common subset.
 */
export class PdfFont {
  readonly name: string;
  /** Above the baseline, in thousandths of the size. */
  readonly ascender: number;
  /** Below the baseline (negative), in thousandths of the size. */
  readonly descender: number;
  readonly lineGap: number;
  /** The glyph code (in the common subset) of each common character; -1 for the others. */
  readonly commonCodes = new Int16Array(0x10000).fill(-1);
  /** The glyph code of each glyph id of the common subset. */
  readonly commonCodeOfGlyph = new Map<number, number>();
  /** The common subset's glyph ids, by code (0: .notdef). */
  readonly commonGlyphs: readonly number[];
  /** The character each common code stands for. */
  readonly commonUnicode: readonly number[];
  /** Each BMP character's advance, NaN until asked. */
  private readonly advances = new Float64Array(0x10000).fill(Number.NaN);
  private readonly astralAdvances = new Map<number, number>();
  private readonly glyphIds = new Map<number, number>();
  /** Texts wrapped (wrapText), by size, width and text. */
  readonly wraps = new Map<string, readonly WrappedLine[]>();
  private readonly subsets = new Map<string, EmbeddedSubset>();
  private common: EmbeddedSubset | undefined;
  private descriptor: string | undefined;
  private readonly scale: number;

  constructor(
    private readonly font: FontkitFont,
    commonCharacters: string,
    /** The font the runs that need shaping are set in, if any. */
    readonly shaped?: ShapedFont | undefined,
  ) {
    this.name = font.postscriptName;
    this.scale = 1000 / font.unitsPerEm;
    this.ascender = font.ascent * this.scale;
    this.descender = font.descent * this.scale;
    this.lineGap = font.lineGap * this.scale;
    const glyphs = [0];
    const unicode = [0];
    this.commonCodeOfGlyph.set(0, 0);
    for (const char of commonCharacters) {
      const codePoint = definite(char.codePointAt(0), 'a common character');
      const glyph = this.glyphId(codePoint);
      let code = this.commonCodeOfGlyph.get(glyph);
      if (code === undefined) {
        code = glyphs.length;
        glyphs.push(glyph);
        unicode.push(codePoint);
        this.commonCodeOfGlyph.set(glyph, code);
      }
      if (codePoint < 0x10000) this.commonCodes[codePoint] = code;
    }
    this.commonGlyphs = glyphs;
    this.commonUnicode = unicode;
  }

  glyphId(codePoint: number): number {
    let id = this.glyphIds.get(codePoint);
    if (id === undefined) {
      id = this.font.glyphForCodePoint(codePoint).id;
      this.glyphIds.set(codePoint, id);
    }
    return id;
  }

  /** A character's advance in thousandths of the size. */
  advance(codePoint: number): number {
    if (codePoint < 0x10000) {
      // Within the array: `??` only narrows the type.
      let advance = this.advances[codePoint] ?? Number.NaN;
      if (Number.isNaN(advance)) {
        advance = this.font.getGlyph(this.glyphId(codePoint)).advanceWidth * this.scale;
        this.advances[codePoint] = advance;
      }
      return advance;
    }
    let advance = this.astralAdvances.get(codePoint);
    if (advance === undefined) {
      advance = this.font.getGlyph(this.glyphId(codePoint)).advanceWidth * this.scale;
      this.astralAdvances.set(codePoint, advance);
    }
    return advance;
  }

  /** The width of `text` set at `size`: the sum of its characters' advances. */
  widthOf(text: string, size: number): number {
    if (this.shaped && hasShapedText(text)) {
      let sum = 0;
      for (const run of runsOf(text)) {
        sum += run.shaped ? this.shaped.shape(run.text).width : this.widthOf(run.text, 1000);
      }
      return (sum * size) / 1000;
    }
    let sum = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length) {
        sum += this.advance(text.codePointAt(i) ?? unit);
        i++;
      } else sum += this.advance(unit);
    }
    return (sum * size) / 1000;
  }

  /** The height of a line set at `size`, the gap between lines included (as pdfkit spaces lines). */
  lineHeight(size: number): number {
    return ((this.ascender - this.descender + this.lineGap) * size) / 1000;
  }

  /** The subset holding the common glyphs and then `extra` (glyph ids, each mapped from `extraUnicode`). */
  subset(extra: readonly number[], extraUnicode: readonly number[]): EmbeddedSubset {
    if (extra.length === 0) {
      this.common ??= this.buildSubset(this.commonGlyphs, this.commonUnicode);
      return this.common;
    }
    const key = extra.join(',');
    let subset = this.subsets.get(key);
    if (!subset) {
      if (this.subsets.size >= SUBSETS_KEPT) this.subsets.clear();
      subset = this.buildSubset([...this.commonGlyphs, ...extra], [...this.commonUnicode, ...extraUnicode]);
      this.subsets.set(key, subset);
    }
    return subset;
  }

  private buildSubset(glyphs: readonly number[], unicode: readonly number[]): EmbeddedSubset {
    const subset = this.font.createSubset();
    for (const [code, glyph] of glyphs.entries()) {
      if (subset.includeGlyph(glyph) !== code) throw new Error(`PdfFont: glyph ${glyph} would not be code ${code}`);
    }
    const encoded = subset.encode();
    const widths = glyphs.map((glyph) => thousandths(this.font.getGlyph(glyph).advanceWidth * this.scale)).join(' ');
    const pairs: string[] = [];
    for (const [code, codePoint] of unicode.entries()) {
      if (code > 0) pairs.push(toUnicodePair(code, String.fromCodePoint(codePoint)));
    }
    const cmap = toUnicodeCMap(pairs);
    return {
      tag: subsetTag(glyphs),
      // Built once per thread: the best compression.
      program: deflateSync(encoded, { level: 9 }),
      programLength: encoded.length,
      widths,
      toUnicode: deflateSync(Buffer.from(cmap, 'latin1'), { level: 9 }),
      objects: new Map(),
    };
  }

  /** The font's descriptor entries but the name and program, in PDF units. */
  descriptorEntries(): string {
    this.descriptor ??= this.buildDescriptorEntries();
    return this.descriptor;
  }

  private buildDescriptorEntries(): string {
    const { bbox } = this.font;
    const os2 = this.font['OS/2'];
    const scaled = (n: number) => pdfNumber(n * this.scale);
    const capHeight = os2?.capHeight ? scaled(os2.capHeight) : pdfNumber(this.ascender);
    const xHeight = os2?.xHeight ? scaled(os2.xHeight) : '0';
    return (
      `/Flags 4 /FontBBox [${scaled(bbox.minX)} ${scaled(bbox.minY)} ${scaled(bbox.maxX)} ${scaled(bbox.maxY)}]` +
      ` /ItalicAngle ${pdfNumber(this.font.italicAngle || 0)} /Ascent ${pdfNumber(this.ascender)}` +
      ` /Descent ${pdfNumber(this.descender)} /CapHeight ${capHeight} /XHeight ${xHeight} /StemV 0`
    );
  }
}

/** A font as one document uses it: the codes it gave to glyphs outside the common subset. */
class FontUse {
  readonly extra: number[] = [];
  readonly extraUnicode: number[] = [];
  private readonly extraCodes = new Map<number, number>();

  constructor(readonly font: PdfFont) {}

  /** Writes the glyph codes of `text`. */
  write(content: ContentBuffer, text: string): void {
    const { commonCodes } = this.font;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      const code = commonCodes[unit] ?? -1;
      if (code >= 0) content.code(code);
      else {
        const codePoint = text.codePointAt(i) ?? unit;
        if (codePoint > 0xffff) i++;
        content.code(this.codeOf(codePoint));
      }
    }
  }

  /** The code of a character outside the common ones: its glyph's, given on its first use. */
  private codeOf(codePoint: number): number {
    const glyph = this.font.glyphId(codePoint);
    let code = this.font.commonCodeOfGlyph.get(glyph) ?? this.extraCodes.get(glyph);
    if (code === undefined) {
      code = this.font.commonGlyphs.length + this.extra.length;
      this.extra.push(glyph);
      this.extraUnicode.push(codePoint);
      this.extraCodes.set(glyph, code);
    }
    return code;
  }
}

export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  creator: string;
  creationDate?: Date | undefined;
}

export interface TextBoxOptions {
  width: number;
  align?: 'left' | 'right' | 'center' | undefined;
  /** At most this height of lines (at least one line); the rest is left out. */
  height?: number | undefined;
  /** With `height`: the last line kept ends with '…' when text is left out. */
  ellipsis?: boolean | undefined;
}

/** A line of wrapped text and its width (trailing spaces included, as it is drawn). */
export interface WrappedLine {
  text: string;
  width: number;
}

/** `text` in runs: those that need shaping and the others. */
function runsOf(text: string): { text: string; shaped: boolean }[] {
  const runs: { text: string; shaped: boolean }[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || needsShaping(text.charCodeAt(i)) !== needsShaping(text.charCodeAt(start))) {
      runs.push({ text: text.slice(start, i), shaped: needsShaping(text.charCodeAt(start)) });
      start = i;
    }
  }
  return runs;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** `text`'s characters, as it may be cut: whole clusters where the font shapes text. */
function piecesOf(font: PdfFont, text: string): string[] {
  if (!font.shaped || !hasShapedText(text)) return Array.from(text);
  return Array.from(graphemes.segment(text), (s) => s.segment);
}

const ELLIPSIS = '…';
const TOLERANCE = 1e-6;

/**
 * `text` broken into lines of at most `width` at `size`: greedily, a word (with the spaces after
 * it) at a time, at each newline, and within a word only when the word alone is wider than a line.
 * A word's trailing spaces count towards its width, as in pdfkit.
 */
export function wrapText(font: PdfFont, size: number, text: string, width: number): WrappedLine[] {
  const lines: WrappedLine[] = [];
  if (text === '') return lines;
  const paragraphs = text.split('\n');
  if (text.endsWith('\n')) paragraphs.pop();
  for (const paragraph of paragraphs) {
    let buffer = '';
    let used = 0;
    const flush = () => {
      lines.push({ text: buffer, width: used });
      buffer = '';
      used = 0;
    };
    for (const word of paragraph.match(/\s+|\S+\s*/g) ?? []) {
      const w = font.widthOf(word, size);
      if (w <= width + TOLERANCE) {
        if (w > width - used + TOLERANCE && buffer !== '') flush();
        buffer += word;
        used += w;
        continue;
      }
      // A word wider than a line fills the line it starts on, and as many more as it needs.
      let chars = piecesOf(font, word);
      while (chars.length > 0) {
        let l = 0;
        let piece = 0;
        for (const char of chars) {
          const next = piece + font.widthOf(char, size);
          if (next > width - used + TOLERANCE) break;
          piece = next;
          l++;
        }
        if (l === 0 && buffer === '') {
          l = 1;
          piece = font.widthOf(definite(chars[0], 'the first piece of a word'), size);
        }
        buffer += chars.slice(0, l).join('');
        used += piece;
        chars = chars.slice(l);
        if (chars.length > 0) flush();
      }
    }
    if (buffer !== '' || paragraph === '') flush();
  }
  return lines;
}

/** `line` without its trailing spaces, cut (a character at a time) until it and '…' fit `width`. */
function withEllipsis(font: PdfFont, size: number, line: string, width: number): WrappedLine {
  let text = line.trimEnd();
  let w = font.widthOf(text + ELLIPSIS, size);
  while (text && w > width + TOLERANCE) {
    text = piecesOf(font, text).slice(0, -1).join('').trimEnd();
    w = font.widthOf(text + ELLIPSIS, size);
  }
  if (w <= width + TOLERANCE) text += ELLIPSIS;
  return { text, width: font.widthOf(text, size) };
}

interface PageState {
  content: ContentBuffer;
  font: PdfFont | ShapedFont | undefined;
  size: number;
  fill: string;
  stroke: string;
  lineWidth: number;
}

/** A document being written: pages of content, then `toBuffer()`. */
export class PdfWriter {
  private readonly pages: PageState[] = [];
  private page: PageState;
  private readonly uses: FontUse[];
  /** The shaping fonts beside the fonts given, each once, their resources named after the fonts'. */
  private readonly shapedUses: ShapedFontUse[] = [];
  private current: FontUse;
  private size = 12;
  private color = '0 0 0';
  private finished = false;

  constructor(
    private readonly options: {
      fonts: readonly PdfFont[];
      width: number;
      height: number;
      info: PdfInfo;
      lang?: string | undefined;
      /** Content streams compressed (the default) or not. */
      compress?: boolean | undefined;
    },
  ) {
    if (options.fonts.length === 0) throw new Error('PdfWriter: no font');
    this.uses = options.fonts.map((font) => new FontUse(font));
    for (const { shaped } of options.fonts) {
      if (shaped && !this.shapedUses.some((use) => use.font === shaped)) this.shapedUses.push(new ShapedFontUse(shaped));
    }
    this.current = definite(this.uses[0], 'the first font');
    this.page = this.newPage();
  }

  get pageCount(): number {
    return this.pages.length;
  }

  addPage(): this {
    this.page = this.newPage();
    return this;
  }

  private newPage(): PageState {
    const page: PageState = {
      content: new ContentBuffer(),
      font: undefined,
      size: 0,
      fill: '0 0 0',
      stroke: '0 0 0',
      lineWidth: 1,
    };
    this.pages.push(page);
    return page;
  }

  /** Makes page `index` (from 0) the one drawn on. */
  switchToPage(index: number): this {
    const page = this.pages[index];
    if (!page) throw new Error(`PdfWriter: no page ${index}`);
    this.page = page;
    return this;
  }

  font(font: PdfFont, size?: number): this {
    const use = this.uses.find((u) => u.font === font);
    if (!use) throw new Error(`PdfWriter: font ${font.name} not given to the document`);
    this.current = use;
    if (size !== undefined) this.size = size;
    return this;
  }

  fontSize(size: number): this {
    this.size = size;
    return this;
  }

  get currentFontSize(): number {
    return this.size;
  }

  fillColor(color: string): this {
    this.color = rgb(color);
    return this;
  }

  widthOfString(text: string): number {
    return this.current.font.widthOf(text, this.size);
  }

  /** The current font's line height, the gap between lines included. */
  currentLineHeight(): number {
    return this.current.font.lineHeight(this.size);
  }

  /** The height `text` takes wrapped in `width`. */
  heightOfString(text: string, width: number): number {
    return this.wrap(text, width).length * this.currentLineHeight();
  }

  /** `text` wrapped in `width` in the current font and size; the font keeps the texts it wrapped. */
  private wrap(text: string, width: number): readonly WrappedLine[] {
    const { font } = this.current;
    const key = `${this.size}|${width}|${text}`;
    let lines = font.wraps.get(key);
    if (!lines) {
      lines = wrapText(font, this.size, text, width);
      if (font.wraps.size >= WRAPS_KEPT) font.wraps.clear();
      font.wraps.set(key, lines);
    }
    return lines;
  }

  /** `text` on one line, its top left corner at (x, y), never wrapped nor cut. */
  text(text: string, x: number, y: number): this {
    if (text === '') return this;
    const page = this.page;
    const { content } = page;
    const font = this.current.font;
    content.ascii('BT\n');
    if (font.shaped && hasShapedText(text)) return this.shapedText(text, x, y, font.shaped);
    if (page.font !== font || page.size !== this.size) {
      page.font = font;
      page.size = this.size;
      content.ascii(`/F${this.uses.indexOf(this.current) + 1} `);
      content.number(this.size);
      content.ascii(' Tf\n');
    }
    this.moveToLine(page, font, x, y);
    content.ascii('(');
    this.current.write(content, text);
    content.ascii(') Tj\nET\n');
    return this;
  }

  /** `text` after BT: its runs in turn, each in its font, the shaped ones glyph by glyph. */
  private shapedText(text: string, x: number, y: number, shaped: ShapedFont): this {
    const page = this.page;
    const { content } = page;
    const font = this.current.font;
    const setFont = (next: PdfFont | ShapedFont, resource: string) => {
      if (page.font === next && page.size === this.size) return;
      page.font = next;
      page.size = this.size;
      content.ascii(`/${resource} `);
      content.number(this.size);
      content.ascii(' Tf\n');
    };
    this.moveToLine(page, font, x, y);
    const shapedIndex = this.shapedUses.findIndex((use) => use.font === shaped);
    const shapedUse = this.shapedUses[shapedIndex];
    if (!shapedUse) throw new Error(`PdfWriter: shaping font ${shaped.name} not given to the document`);
    for (const run of runsOf(text)) {
      if (!run.shaped) {
        setFont(font, `F${this.uses.indexOf(this.current) + 1}`);
        content.ascii('(');
        this.current.write(content, run.text);
        content.ascii(') Tj\n');
        continue;
      }
      setFont(shaped, `F${this.uses.length + shapedIndex + 1}`);
      // Each glyph drawn at its shaped place: TJ's numbers move the pen (in thousandths, leftwards),
      // a glyph's offset up or down is a text rise around it.
      let shift = 0;
      let open = false;
      const close = () => {
        if (open) content.ascii(') ');
        open = false;
      };
      content.ascii('[');
      for (const glyph of shaped.shape(run.text).glyphs) {
        shift += glyph.dx;
        if (glyph.dy !== 0) {
          close();
          if (shift !== 0) content.number(-shift);
          content.ascii('] TJ\n');
          content.number((glyph.dy * this.size) / 1000);
          content.ascii(' Ts [(');
          content.code(shapedUse.codeOf(glyph));
          content.ascii(')] TJ\n0 Ts [');
          shift = 0;
        } else {
          if (Math.abs(shift) > 1e-3) {
            close();
            content.number(-shift);
            content.ascii(' ');
          }
          if (!open) content.ascii('(');
          open = true;
          content.code(shapedUse.codeOf(glyph));
          shift = 0;
        }
        shift = glyph.advance - glyph.dx - glyph.declared;
      }
      close();
      if (Math.abs(shift) > 1e-3) content.number(-shift);
      content.ascii('] TJ\n');
    }
    content.ascii('ET\n');
    return this;
  }

  /**
   * `text` wrapped in `options.width` from (x, y), each line aligned as `options.align` says, cut
   * as `options.height` and `options.ellipsis` say. Returns the y below the last line.
   */
  textBox(text: string, x: number, y: number, options: TextBoxOptions): number {
    const { font } = this.current;
    const size = this.size;
    const lineHeight = this.currentLineHeight();
    let lines = this.wrap(text, options.width);
    if (options.height !== undefined) {
      const room = Math.max(1, Math.floor((options.height + TOLERANCE) / lineHeight));
      if (lines.length > room) {
        const kept = lines.slice(0, room);
        const last = kept[room - 1];
        if (options.ellipsis && last) kept[room - 1] = withEllipsis(font, size, last.text, options.width);
        lines = kept;
      }
    }
    for (const line of lines) {
      let left = x;
      if (options.align === 'right') left += options.width - font.widthOf(line.text.trimEnd(), size);
      else if (options.align === 'center') left += (options.width - line.width) / 2;
      this.text(line.text, left, y);
      y += lineHeight;
    }
    return y;
  }

  /** After BT: the current fill colour, and the baseline of a line whose top left corner is at (x, y). */
  private moveToLine(page: PageState, font: PdfFont, x: number, y: number): void {
    const { content } = page;
    this.useFill(page);
    content.number(x);
    content.ascii(' ');
    content.number(this.options.height - y - (font.ascender * this.size) / 1000);
    content.ascii(' Td\n');
  }

  /** Sets the page's fill colour to the current one, unless it is already. */
  private useFill(page: PageState): void {
    if (page.fill === this.color) return;
    page.fill = this.color;
    page.content.ascii(this.color);
    page.content.ascii(' rg\n');
  }

  fillRect(x: number, y: number, width: number, height: number, color: string): this {
    this.color = rgb(color);
    const page = this.page;
    const { content } = page;
    this.useFill(page);
    content.number(x);
    content.ascii(' ');
    content.number(this.options.height - y - height);
    content.ascii(' ');
    content.number(width);
    content.ascii(' ');
    content.number(height);
    content.ascii(' re f\n');
    return this;
  }

  strokeLine(x1: number, y1: number, x2: number, y2: number, lineWidth: number, color: string): this {
    const stroke = rgb(color);
    const page = this.page;
    const { content } = page;
    if (page.stroke !== stroke) {
      page.stroke = stroke;
      content.ascii(stroke);
      content.ascii(' RG\n');
    }
    if (page.lineWidth !== lineWidth) {
      page.lineWidth = lineWidth;
      content.number(lineWidth);
      content.ascii(' w\n');
    }
    const h = this.options.height;
    content.number(x1);
    content.ascii(' ');
    content.number(h - y1);
    content.ascii(' m ');
    content.number(x2);
    content.ascii(' ');
    content.number(h - y2);
    content.ascii(' l S\n');
    return this;
  }

  /** The whole file. The document is finished: nothing can be drawn on it after. */
  toBuffer(): Buffer {
    if (this.finished) throw new Error('PdfWriter: the document is finished');
    this.finished = true;
    const { fonts, width, height, info } = this.options;
    const compress = this.options.compress !== false;
    const chunks: Buffer[] = [];
    const offsets: number[] = [];
    let length = 0;
    const push = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
    };
    const object = (id: number, dict: string) => {
      offsets[id] = length;
      push(Buffer.from(`${id} 0 obj\n${dict}\nendobj\n`, 'latin1'));
    };

    // 1 catalog, 2 page tree, 3 info, 5 objects a font, then a page and its content for each page.
    const fontBase = (index: number) => 4 + index * FONT_OBJECTS;
    const pageBase = 4 + fonts.length * FONT_OBJECTS;
    push(Buffer.from('%PDF-1.7\n%\xff\xff\xff\xff\n', 'latin1'));
    const lang = this.options.lang ? ` /Lang ${pdfString(this.options.lang)}` : '';
    object(1, `<< /Type /Catalog /Pages 2 0 R${lang} /ViewerPreferences << /DisplayDocTitle true >> >>`);
    const kids = this.pages.map((_, i) => `${pageBase + 2 * i} 0 R`).join(' ');
    object(2, `<< /Type /Pages /Count ${this.pages.length} /Kids [${kids}] >>`);
    const created = info.creationDate ? ` /CreationDate ${pdfString(pdfDate(info.creationDate))}` : '';
    object(
      3,
      `<< /Title ${pdfString(info.title)} /Author ${pdfString(info.author)} /Subject ${pdfString(info.subject)}` +
        ` /Creator ${pdfString(info.creator)} /Producer ${pdfString(info.creator)}${created} >>`,
    );
    for (const [index, use] of this.uses.entries()) {
      const first = fontBase(index);
      const subset = use.font.subset(use.extra, use.extraUnicode);
      let objects = subset.objects.get(first);
      if (!objects) {
        objects = fontObjects(use.font, subset, first);
        subset.objects.set(first, objects);
      }
      for (const [i, bytes] of objects.entries()) {
        offsets[first + i] = length;
        push(bytes);
      }
    }
    // The shaping fonts' objects come after the pages'.
    const shapedBase = (index: number) => pageBase + 2 * this.pages.length + index * SHAPED_FONT_OBJECTS;
    const fontResources = [
      ...fonts.map((_, i) => `/F${i + 1} ${fontBase(i)} 0 R`),
      ...this.shapedUses.map((_, i) => `/F${fonts.length + i + 1} ${shapedBase(i)} 0 R`),
    ].join(' ');
    const mediaBox = `[0 0 ${pdfNumber(width)} ${pdfNumber(height)}]`;
    for (const [i, page] of this.pages.entries()) {
      const id = pageBase + 2 * i;
      object(
        id,
        `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Resources << /Font << ${fontResources} >> >> /Contents ${id + 1} 0 R >>`,
      );
      const { content } = page;
      const written = content.bytes.subarray(0, content.length);
      // The default level: about 0.1 ms a page, for a stream some 400 bytes smaller than level 1's.
      const stream = compress ? deflateSync(written) : Buffer.from(written);
      content.release();
      offsets[id + 1] = length;
      const filter = compress ? ' /Filter /FlateDecode' : '';
      push(Buffer.from(`${id + 1} 0 obj\n<< /Length ${stream.length}${filter} >>\nstream\n`, 'latin1'));
      push(stream);
      push(ENDSTREAM);
    }

    for (const [index, use] of this.shapedUses.entries()) {
      const first = shapedBase(index);
      for (const [i, bytes] of use.objects(first).entries()) {
        offsets[first + i] = length;
        push(bytes);
      }
    }
    const size = shapedBase(this.shapedUses.length);
    const xref = length;
    let table = `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (let id = 1; id < size; id++) table += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
    push(Buffer.from(`${table}trailer\n<< /Size ${size} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
    return Buffer.concat(chunks, length);
  }
}

const ENDSTREAM = Buffer.from('\nendstream\nendobj\n', 'latin1');
const FONT_OBJECTS = 5;

/**
 * The objects embedding `font` with `subset`, numbered from `first`: the Type0 font, its
 * CIDFontType2 font, the descriptor, the program and the ToUnicode CMap.
 */
function fontObjects(font: PdfFont, subset: EmbeddedSubset, first: number): Buffer[] {
  const name = `/${subset.tag}+${font.name}`;
  const object = (i: number, body: string, stream?: Buffer) =>
    stream === undefined
      ? Buffer.from(`${first + i} 0 obj\n${body}\nendobj\n`, 'latin1')
      : Buffer.concat([Buffer.from(`${first + i} 0 obj\n${body}\nstream\n`, 'latin1'), stream, ENDSTREAM]);
  return [
    object(
      0,
      `<< /Type /Font /Subtype /Type0 /BaseFont ${name} /Encoding /Identity-H /DescendantFonts [${first + 1} 0 R] /ToUnicode ${first + 4} 0 R >>`,
    ),
    object(
      1,
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont ${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>` +
        ` /FontDescriptor ${first + 2} 0 R /CIDToGIDMap /Identity /W [0 [${subset.widths}]] >>`,
    ),
    object(2, `<< /Type /FontDescriptor /FontName ${name} ${font.descriptorEntries()} /FontFile2 ${first + 3} 0 R >>`),
    object(3, `<< /Length ${subset.program.length} /Length1 ${subset.programLength} /Filter /FlateDecode >>`, subset.program),
    object(4, `<< /Length ${subset.toUnicode.length} /Filter /FlateDecode >>`, subset.toUnicode),
  ];
}

const colors = new Map<string, string>();

/** A CSS colour ('#c92a2a', '#fff', 'black', 'white') as PDF's three components. */
function rgb(color: string): string {
  let components = colors.get(color);
  if (components === undefined) {
    let hex = color === 'black' ? '000000' : color === 'white' ? 'ffffff' : color.replace(/^#/, '');
    if (hex.length === 3) hex = hex.replace(/./g, '$&$&');
    if (!/^[0-9a-f]{6}$/i.test(hex)) throw new Error(`PdfWriter: colour ${color}`);
    components = [0, 2, 4].map((i) => pdfNumber(Number.parseInt(hex.slice(i, i + 2), 16) / 255)).join(' ');
    colors.set(color, components);
  }
  return components;
}

/** A text string: literal when plain ASCII, else UTF-16BE with its byte order mark. */
export function pdfString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, '\\$&')})`;
  let hex = 'feff';
  for (let i = 0; i < text.length; i++) hex += hex4(text.charCodeAt(i));
  return `<${hex}>`;
}

function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}
