import { deflateSync } from 'node:zlib';
import { definite } from '../../lib/definite.js';
import { subsetTag, thousandths } from './pdf-subsets.js';
import { toUnicodeCMap, toUnicodePair } from './pdf-to-unicode.js';

/**
 * Text in a script that needs shaping (Devanagari: conjuncts, vowel signs placed before or above
 * their consonant) as the statement PDFs set it (pdf-writer.ts). HarfBuzz (harfbuzzjs) turns a run
 * of such text into the font's glyphs and positions; each glyph gets a code of the document's own
 * (Identity-H, CIDToGIDMap to the subset's glyphs), and each code stands in the ToUnicode map for
 * a share of its cluster's characters: the glyphs of a cluster, in the order they are drawn, take
 * its characters in their logical order, one each, the last glyph the rest. So a reader extracts
 * the words in their logical order (ति, not ित: the vowel sign drawn first stands for त) while the
 * page shows the glyphs in their visual order. (A glyph standing for nothing is not an option:
 * pdf.js then extracts the code's bytes as characters.) pdf.js also takes a glyph whose text has a
 * nonspacing mark (the virama of प्र, the ू of दू) for a mark that does not advance, and then sees a
 * gap after it, a space or a new line: such a glyph stands for its text's letters only, and the
 * marks before and after them go to an invisible glyph of no width drawn beside it (the space's,
 * declared 0 wide).
 */

/** The parts of harfbuzzjs used here (its module is loaded only when a document needs it). */
export interface HarfBuzzModule {
  Blob: new (data: ArrayBuffer | Uint8Array) => object;
  Face: new (blob: object, index?: number) => { upem: number };
  Font: new (face: object) => object;
  Buffer: new () => {
    addText(text: string): void;
    guessSegmentProperties(): void;
    getGlyphInfos(): { codepoint: number; cluster: number }[];
    getGlyphPositions(): { xAdvance: number; xOffset: number; yOffset: number }[];
    reset(): void;
  };
  shape(font: object, buffer: object): void;
}

/** The parts of a fontkit font used here. */
export interface SubsettableFont {
  postscriptName: string;
  unitsPerEm: number;
  getGlyph(id: number): { advanceWidth: number };
  glyphForCodePoint(codePoint: number): { id: number };
  createSubset(): { includeGlyph(glyph: number): number; encode(): Uint8Array };
}

/** A glyph as shaped: its id, what it stands for, its advance and offsets (thousandths of the size). */
export interface ShapedGlyph {
  glyph: number;
  /** Its share of its cluster's characters (never empty). */
  text: string;
  /** The width the document declares for it (/W): the glyph's own advance, or 0 for a mark's carrier. */
  declared: number;
  advance: number;
  dx: number;
  dy: number;
}

export interface ShapedRun {
  glyphs: readonly ShapedGlyph[];
  /** The sum of the advances, in thousandths of the size. */
  width: number;
}

/** The characters set in the shaping font: Devanagari and its extensions, and the joiners. */
export function needsShaping(codeUnit: number): boolean {
  return (
    (codeUnit >= 0x0900 && codeUnit <= 0x097f) ||
    (codeUnit >= 0xa8e0 && codeUnit <= 0xa8ff) ||
    (codeUnit >= 0x1cd0 && codeUnit <= 0x1cff) ||
    codeUnit === 0x200c ||
    codeUnit === 0x200d
  );
}

/** Whether `text` has any character that needs shaping. */
export function hasShapedText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (needsShaping(text.charCodeAt(i))) return true;
  return false;
}

/** The first run of characters other than nonspacing marks. */
const LETTERS = /\P{Mn}+/u;

/** Runs kept shaped per font: past this, the cache is emptied. */
const RUNS_KEPT = 5_000;
const SUBSETS_KEPT = 32;

/** The objects embedding a document's glyphs of a shaped font, as built (kept per thread by glyph list). */
export interface ShapedSubset {
  tag: string;
  program: Buffer;
  programLength: number;
  widths: string;
  cidToGid: Buffer;
  toUnicode: Buffer;
}

/** A font that shapes its text, kept per thread: its shaped runs and its subsets. */
export class ShapedFont {
  readonly name: string;
  private readonly scale: number;
  private readonly runs = new Map<string, ShapedRun>();
  private readonly subsets = new Map<string, ShapedSubset>();
  private readonly hbFont: object;
  /** The glyph drawn, invisible and of no width, for marks a visible glyph does not stand for: the space's. */
  private readonly carrier: number;
  /** One HarfBuzz buffer, emptied before each run (shaping is synchronous). */
  private readonly buffer: InstanceType<HarfBuzzModule['Buffer']>;

  constructor(
    private readonly hb: HarfBuzzModule,
    data: Uint8Array,
    private readonly font: SubsettableFont,
    /** The descriptor's entries but the name and program (as PdfFont.descriptorEntries gives them). */
    readonly descriptorEntries: string,
  ) {
    this.name = font.postscriptName;
    const face = new hb.Face(new hb.Blob(data));
    this.scale = 1000 / face.upem;
    this.hbFont = new hb.Font(face);
    this.buffer = new hb.Buffer();
    this.carrier = font.glyphForCodePoint(0x20).id;
  }

  /** `text` shaped: its glyphs in the order they are drawn. */
  shape(text: string): ShapedRun {
    let run = this.runs.get(text);
    if (run) return run;
    const { buffer } = this;
    buffer.reset();
    {
      buffer.addText(text);
      buffer.guessSegmentProperties();
      this.hb.shape(this.hbFont, buffer);
      const infos = buffer.getGlyphInfos();
      const positions = buffer.getGlyphPositions();
      const glyphs: ShapedGlyph[] = [];
      let width = 0;
      let start = 0;
      for (let first = infos[0]; first !== undefined; first = infos[start]) {
        const { cluster } = first;
        let end = start + 1;
        while (infos[end]?.cluster === cluster) end++;
        const next = infos[end]?.cluster ?? text.length;
        const characters = Array.from(text.slice(cluster, Math.max(next, cluster)));
        for (let i = start; i < end; i++) {
          const info = infos[i];
          const position = positions[i];
          if (!info || !position) throw new Error('ShapedFont: a glyph without its position');
          const share = i - start;
          const last = i === end - 1;
          const advance = position.xAdvance * this.scale;
          const glyph = info.codepoint;
          // More glyphs than characters (not seen in Noto Sans Devanagari): a zero width joiner.
          const text = (last ? characters.slice(share).join('') : characters[share]) || '\u200d';
          const dx = position.xOffset * this.scale;
          const dy = position.yOffset * this.scale;
          const letters = advance > 0 ? LETTERS.exec(text) : null;
          if (!letters || letters[0] === text) {
            glyphs.push({ glyph, text, declared: this.glyphAdvance(glyph), advance, dx, dy });
          } else {
            const before = text.slice(0, letters.index);
            const after = text.slice(letters.index + letters[0].length);
            if (before) glyphs.push({ glyph: this.carrier, text: before, declared: 0, advance: 0, dx: 0, dy: 0 });
            glyphs.push({ glyph, text: letters[0], declared: this.glyphAdvance(glyph), advance, dx, dy });
            if (after) glyphs.push({ glyph: this.carrier, text: after, declared: 0, advance: 0, dx: 0, dy: 0 });
          }
          width += advance;
        }
        start = end;
      }
      run = { glyphs, width };
    }
    if (this.runs.size >= RUNS_KEPT) this.runs.clear();
    this.runs.set(text, run);
    return run;
  }

  /** A glyph's own advance (what the /W array declares), in thousandths of the size. */
  glyphAdvance(glyph: number): number {
    return this.font.getGlyph(glyph).advanceWidth * this.scale;
  }

  /** The subset for codes 1.. standing for `glyphs[code - 1]` and `texts[code - 1]`, `widths[code - 1]` wide. */
  subset(glyphs: readonly number[], texts: readonly string[], widths: readonly number[]): ShapedSubset {
    const key = `${glyphs.join(',')}|${widths.join(',')}|${texts.join('\u0000')}`;
    let subset = this.subsets.get(key);
    if (!subset) {
      if (this.subsets.size >= SUBSETS_KEPT) this.subsets.clear();
      subset = this.buildSubset(glyphs, texts, widths);
      this.subsets.set(key, subset);
    }
    return subset;
  }

  private buildSubset(glyphs: readonly number[], texts: readonly string[], declared: readonly number[]): ShapedSubset {
    const program = this.font.createSubset();
    program.includeGlyph(0);
    const cidToGid = Buffer.alloc(2 * (glyphs.length + 1));
    const widths = [thousandths(this.glyphAdvance(0))];
    const pairs: string[] = [];
    for (const [i, glyph] of glyphs.entries()) {
      cidToGid.writeUInt16BE(program.includeGlyph(glyph), 2 * (i + 1));
      widths.push(thousandths(definite(declared[i], "a glyph's declared width")));
      pairs.push(toUnicodePair(i + 1, definite(texts[i], "a glyph's text")));
    }
    const cmap = toUnicodeCMap(pairs);
    const encoded = program.encode();
    return {
      tag: subsetTag(glyphs),
      program: deflateSync(encoded, { level: 9 }),
      programLength: encoded.length,
      widths: widths.join(' '),
      cidToGid: deflateSync(cidToGid),
      toUnicode: deflateSync(Buffer.from(cmap, 'latin1'), { level: 9 }),
    };
  }
}

/** A shaped font as one document uses it: a code for each glyph and text it drew, from 1. */
export class ShapedFontUse {
  readonly glyphs: number[] = [];
  readonly texts: string[] = [];
  readonly widths: number[] = [];
  private readonly codes = new Map<string, number>();

  constructor(readonly font: ShapedFont) {}

  codeOf(glyph: ShapedGlyph): number {
    const id = `${glyph.glyph}|${glyph.declared}|${glyph.text}`;
    let code = this.codes.get(id);
    if (code === undefined) {
      this.glyphs.push(glyph.glyph);
      this.texts.push(glyph.text);
      this.widths.push(glyph.declared);
      code = this.glyphs.length;
      this.codes.set(id, code);
    }
    return code;
  }

  /** The objects embedding the font, numbered from `first`: Type0, CIDFontType2, descriptor, program, ToUnicode, CIDToGIDMap. */
  objects(first: number): Buffer[] {
    const subset = this.font.subset(this.glyphs, this.texts, this.widths);
    const name = `/${subset.tag}+${this.font.name}`;
    const object = (i: number, body: string, stream?: Buffer) =>
      stream === undefined
        ? Buffer.from(`${first + i} 0 obj\n${body}\nendobj\n`, 'latin1')
        : Buffer.concat([
            Buffer.from(`${first + i} 0 obj\n${body}\nstream\n`, 'latin1'),
            stream,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ]);
    return [
      object(
        0,
        `<< /Type /Font /Subtype /Type0 /BaseFont ${name} /Encoding /Identity-H /DescendantFonts [${first + 1} 0 R] /ToUnicode ${first + 4} 0 R >>`,
      ),
      object(
        1,
        `<< /Type /Font /Subtype /CIDFontType2 /BaseFont ${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>` +
          ` /FontDescriptor ${first + 2} 0 R /CIDToGIDMap ${first + 5} 0 R /W [0 [${subset.widths}]] >>`,
      ),
      object(2, `<< /Type /FontDescriptor /FontName ${name} ${this.font.descriptorEntries} /FontFile2 ${first + 3} 0 R >>`),
      object(3, `<< /Length ${subset.program.length} /Length1 ${subset.programLength} /Filter /FlateDecode >>`, subset.program),
      object(4, `<< /Length ${subset.toUnicode.length} /Filter /FlateDecode >>`, subset.toUnicode),
      object(5, `<< /Length ${subset.cidToGid.length} /Filter /FlateDecode >>`, subset.cidToGid),
    ];
  }
}

export const SHAPED_FONT_OBJECTS = 6;
