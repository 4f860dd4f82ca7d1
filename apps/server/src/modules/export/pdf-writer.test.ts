import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { loadFonts } from './pdf-fonts.js';
import { PdfWriter, wrapText } from './pdf-writer.js';

const A4 = { width: 595.28, height: 841.89 };
const { regular, bold } = loadFonts();

function newDocument(title = 'Agent Mail of master1') {
  return new PdfWriter({
    fonts: [regular, bold],
    ...A4,
    info: { title, author: 'Playrep back office', subject: 'Week 16-Nov-2026', creator: 'Playrep back office' },
    lang: 'en-IN',
  });
}

async function read(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    return { text: text.text, pages: text.total, info: info.info as Record<string, unknown> | undefined };
  } finally {
    await parser.destroy();
  }
}

/** The file's objects by number: the dictionary and, for a stream, its bytes as written. */
function objectsOf(pdf: Buffer): Map<number, { dict: string; stream: Buffer | undefined }> {
  const objects = new Map<number, { dict: string; stream: Buffer | undefined }>();
  const text = pdf.toString('latin1');
  for (const match of text.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const [dict = '', stream] = match[2]!.split(/\nstream\n/);
    objects.set(Number(match[1]), {
      dict,
      stream: stream === undefined ? undefined : Buffer.from(stream.replace(/\nendstream$/, ''), 'latin1'),
    });
  }
  return objects;
}

const refOf = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);

describe('PdfWriter', () => {
  it('embeds each font as a TrueType program (FontFile2) of the glyphs it declares, with a ToUnicode map', () => {
    const doc = newDocument();
    doc.font(regular, 10).text('player1 120.50', 40, 40);
    doc.font(bold, 10).text('Total', 40, 60);
    const pdf = doc.toBuffer();
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');

    const objects = objectsOf(pdf);
    const type0 = [...objects.values()].filter(({ dict }) => dict.includes('/Subtype /Type0'));
    expect(type0.map(({ dict }) => /\/BaseFont \/[A-Z]{6}\+(\S+)/.exec(dict)?.[1]).sort()).toEqual([
      'DejaVuSansCondensed',
      'DejaVuSansCondensed-Bold',
    ]);
    for (const { dict } of type0) {
      expect(dict).toContain('/Encoding /Identity-H');
      const cidFont = objects.get(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(dict)?.[1]))?.dict ?? '';
      expect(cidFont).toContain('/Subtype /CIDFontType2');
      const descriptor = objects.get(refOf(cidFont, 'FontDescriptor'))!.dict;
      const program = fontkit.create(inflateSync(objects.get(refOf(descriptor, 'FontFile2'))!.stream!)) as unknown as {
        numGlyphs: number;
        unitsPerEm: number;
        getGlyph(id: number): { advanceWidth: number };
      };
      const declared = /\/W \[0 \[([^\]]*)\]/.exec(cidFont)![1]!.trim().split(/\s+/).map(Number);
      // Every printable ASCII character at least (the common subset), each glyph as wide as declared.
      expect(declared.length).toBeGreaterThan(95);
      expect(program.numGlyphs).toBeGreaterThanOrEqual(declared.length);
      for (let id = 1; id < declared.length; id++) {
        expect(declared[id]).toBeCloseTo((program.getGlyph(id).advanceWidth * 1000) / program.unitsPerEm, 2);
      }
      const cmap = inflateSync(objects.get(refOf(dict, 'ToUnicode'))!.stream!).toString('latin1');
      expect(cmap).toContain('begincmap');
      expect(cmap).toMatch(/<\w{4}> <0041>/);
    }
  });

  it('writes text that readers extract as drawn, non-ASCII and escaped characters included', async () => {
    const doc = newDocument();
    doc.font(regular, 9).text('Week 16-Nov-2026 to 22-Nov-2026', 40, 40);
    doc.font(bold, 9).text('Ωmega_ü Ψsi~ö ₹ 1,00,000.00 · done', 40, 60);
    // Characters whose glyph codes hold the bytes ( ) \ and CR, which a literal string escapes.
    doc.font(regular, 9).text('GH{, (a) \\b', 40, 80);
    const { text, pages } = await read(doc.toBuffer());
    expect(pages).toBe(1);
    expect(text).toContain('Week 16-Nov-2026 to 22-Nov-2026');
    expect(text).toContain('Ωmega_ü Ψsi~ö ₹ 1,00,000.00 · done');
    expect(text).toContain('GH{, (a) \\b');
  });

  it('sets the title, author and subject, the language and the page count', async () => {
    const doc = newDocument('Agent Mail Details: master1 · Ωmega');
    doc.font(regular, 8).text('first', 40, 40);
    doc.addPage();
    doc.font(regular, 8).text('second', 40, 40);
    doc.switchToPage(0).text('first again', 40, 60);
    const pdf = doc.toBuffer();
    const { text, pages, info } = await read(pdf);
    expect(pages).toBe(2);
    expect(info?.Title).toBe('Agent Mail Details: master1 · Ωmega');
    expect(info?.Author).toBe('Playrep back office');
    expect(info?.Subject).toBe('Week 16-Nov-2026');
    expect(text.indexOf('first again')).toBeLessThan(text.indexOf('second'));
    const catalog = objectsOf(pdf).get(1)!.dict;
    expect(catalog).toContain('/Lang (en-IN)');
    expect(catalog).toContain('/DisplayDocTitle true');
  });

  it('writes an xref table whose offsets point at their objects', () => {
    const doc = newDocument();
    doc.font(regular, 8).text('x', 40, 40);
    doc.fillRect(40, 50, 100, 10, '#f1f3f5');
    doc.strokeLine(40, 60, 140, 60, 0.6, '#868e96');
    const pdf = doc.toBuffer();
    const text = pdf.toString('latin1');
    const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    const [header, ...entries] = text.slice(start).split('trailer')[0]!.trim().split('\n').slice(1);
    const count = Number(header!.split(' ')[1]);
    expect(entries).toHaveLength(count);
    entries.slice(1).forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${i + 1} 0 obj\\n`));
    });
  });

  it('embeds the common subset, the same for every document that keeps to it, and its own for others', () => {
    const fontObjects = (words: string) => {
      const doc = newDocument();
      doc.font(regular, 8).text(words, 40, 40);
      const objects = objectsOf(doc.toBuffer());
      return [...objects.values()].find(({ dict }) => dict.includes('/Subtype /CIDFontType2') && dict.includes('Condensed '))!;
    };
    const plain = fontObjects('player1 120.50');
    expect(fontObjects('another member, 7.00').dict).toBe(plain.dict);
    const unusual = fontObjects('Ωmega');
    expect(unusual.dict).not.toBe(plain.dict);
    // The common glyphs keep their codes: the other's widths start with the common ones.
    const widths = (dict: string) => /\/W \[0 \[([^\]]*)\]/.exec(dict)![1]!.trim().split(/\s+/);
    expect(widths(unusual.dict).slice(0, widths(plain.dict).length)).toEqual(widths(plain.dict));
    expect(widths(unusual.dict).length).toBe(widths(plain.dict).length + 1);
  });
});

describe('measuring and wrapping', () => {
  it('measures a text as the sum of its characters, in proportion to the size', () => {
    const size = 8;
    expect(regular.widthOf('ab', size)).toBeCloseTo(regular.widthOf('a', size) + regular.widthOf('b', size), 9);
    expect(regular.widthOf('1,234.50', 16)).toBeCloseTo(2 * regular.widthOf('1,234.50', 8), 9);
    expect(regular.widthOf('iii', size)).toBeLessThan(regular.widthOf('WWW', size));
    expect(bold.widthOf('Total', size)).toBeGreaterThan(regular.widthOf('Total', size));
    expect(regular.widthOf('', size)).toBe(0);
    // DejaVu Sans: ascent 1901, descent -483, no line gap, 2048 units a size.
    expect(regular.lineHeight(8)).toBeCloseTo((8 * (1901 + 483)) / 2048, 9);
  });

  it('wraps at spaces, keeping every line within the width and every word', () => {
    const text = 'Actual Points × 15% / 100, 0 when the profit is not positive (Revenue: Profit)';
    const width = 90;
    const lines = wrapText(regular, 6.5, text, width);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((l) => l.text).join('')).toBe(text);
    for (const line of lines) {
      expect(regular.widthOf(line.text.trimEnd(), 6.5)).toBeLessThanOrEqual(width);
      expect(line.text.startsWith(' ')).toBe(false);
    }
    // Greedy: the next line's first word did not fit on the line before.
    for (let i = 1; i < lines.length; i++) {
      const next = lines[i]!.text.split(' ')[0]!;
      expect(lines[i - 1]!.width + regular.widthOf(next, 6.5)).toBeGreaterThan(width);
    }
    expect(wrapText(regular, 8, 'one\ntwo', 500).map((l) => l.text)).toEqual(['one', 'two']);
    expect(wrapText(regular, 8, '', 500)).toEqual([]);
  });

  it('cuts a word wider than the line where the line is full', () => {
    const word = 'x'.repeat(60);
    const lines = wrapText(regular, 8, word, 50);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((l) => l.text).join('')).toBe(word);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(50);
  });

  it('places wrapped lines a line height apart, and cuts a line with an ellipsis when told', async () => {
    const doc = newDocument();
    doc.font(regular, 8);
    const text = 'A name far too long for its narrow column of the table';
    const lineHeight = doc.currentLineHeight();
    const lines = wrapText(regular, 8, text, 60).length;
    expect(doc.heightOfString(text, 60)).toBeCloseTo(lines * lineHeight, 9);
    expect(doc.textBox(text, 40, 100, { width: 60 })).toBeCloseTo(100 + lines * lineHeight, 9);
    expect(doc.textBox(text, 40, 200, { width: 60, height: 10, ellipsis: true })).toBeCloseTo(200 + lineHeight, 9);
    const { text: extracted } = await read(doc.toBuffer());
    const cut = extracted.split('\n').find((line) => line.endsWith('…'));
    expect(cut).toBeDefined();
    expect(text.startsWith(cut!.slice(0, -1).trimEnd())).toBe(true);
    expect(regular.widthOf(cut!, 8)).toBeLessThanOrEqual(60);
  });
});
