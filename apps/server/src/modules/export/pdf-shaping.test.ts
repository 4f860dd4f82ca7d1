import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { commandOutput, qpdfCheck } from '../../../test/pdf-tools.js';
import { loadDevanagariFonts } from './pdf-fonts.js';
import { PdfWriter } from './pdf-writer.js';

/**
 * Devanagari in the statement PDFs (docs/decisions/0022-devanagari-in-pdfs.md): the glyphs drawn
 * are the font's shaping of the words (fontkit's own shaper, not HarfBuzz, says which), not one
 * glyph per character; readers extract the words in their logical order; qpdf finds the file sound.
 */

const require = createRequire(import.meta.url);
const NOTO = require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf');
const noto = fontkit.create(readFileSync(NOTO)) as fontkit.Font;
const WORD = 'प्रतिशत';

async function hindiDocument(draw: (doc: PdfWriter, fonts: Awaited<ReturnType<typeof loadDevanagariFonts>>) => void) {
  const fonts = await loadDevanagariFonts();
  const doc = new PdfWriter({
    fonts: [fonts.regular, fonts.bold],
    width: 595.28,
    height: 841.89,
    info: { title: 'विवरण', author: 'Playrep back office', subject: 'सप्ताह', creator: 'Playrep back office' },
    lang: 'hi-IN',
    compress: false,
  });
  draw(doc, fonts);
  return doc.toBuffer();
}

/** The file's objects by number: the dictionary and, for a stream, its bytes (inflated when compressed). */
function objectsOf(pdf: Buffer): Map<number, { dict: string; stream: Buffer | undefined }> {
  const objects = new Map<number, { dict: string; stream: Buffer | undefined }>();
  for (const match of pdf.toString('latin1').matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const [dict = '', raw] = match[2]!.split(/\nstream\n/);
    let stream = raw === undefined ? undefined : Buffer.from(raw.replace(/\nendstream$/, ''), 'latin1');
    if (stream && dict.includes('/FlateDecode')) stream = inflateSync(stream);
    objects.set(Number(match[1]), { dict, stream });
  }
  return objects;
}

/** The two-byte codes shown in `resource`'s font in a content stream (Tj strings and TJ arrays). */
function codesShown(content: string, resource: string): number[] {
  const codes: number[] = [];
  let font = '';
  for (const token of content.matchAll(/\/(F\d+) [\d.]+ Tf|\((?:\\[\s\S]|[^\\)])*\)/g)) {
    if (token[1]) {
      font = token[1];
      continue;
    }
    if (font !== resource) continue;
    const bytes: number[] = [];
    const body = token[0].slice(1, -1);
    for (let i = 0; i < body.length; i++) {
      if (body[i] === '\\') {
        i++;
        bytes.push(body[i] === 'r' ? 0x0d : body.charCodeAt(i));
      } else bytes.push(body.charCodeAt(i));
    }
    for (let i = 0; i + 1 < bytes.length; i += 2) codes.push((bytes[i]! << 8) | bytes[i + 1]!);
  }
  return codes;
}

/** A glyph's outline, to recognise it in a subset whose glyphs are numbered anew. */
const outline = (font: fontkit.Font, id: number) => font.getGlyph(id).path.toSVG();

describe('Devanagari in the statement PDFs', () => {
  it(`draws the font's shaping of "${WORD}" (its conjunct and its ि before त), not a glyph per character`, async () => {
    const pdf = await hindiDocument((doc, { regular }) => doc.font(regular, 12).text(WORD, 40, 40));
    const objects = objectsOf(pdf);
    const page = [...objects.values()].find(({ dict }) => dict.startsWith('<< /Type /Page '))!;
    const content = objects.get(Number(/\/Contents (\d+) 0 R/.exec(page.dict)![1]))!.stream!.toString('latin1');
    // The Noto font's resource, its CIDToGIDMap and its embedded program.
    const resources = /\/Font << (.*?) >>/.exec(page.dict)![1]!;
    const [, resource, type0] = [...resources.matchAll(/\/(F\d+) (\d+) 0 R/g)].find(([, , id]) =>
      objects.get(Number(id))!.dict.includes('NotoSansDevanagari'),
    )!;
    const cidFont = objects.get(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(objects.get(Number(type0))!.dict)![1]))!;
    const cidToGid = objects.get(Number(/\/CIDToGIDMap (\d+) 0 R/.exec(cidFont.dict)![1]))!.stream!;
    const descriptor = objects.get(Number(/\/FontDescriptor (\d+) 0 R/.exec(cidFont.dict)![1]))!;
    const program = objects.get(Number(/\/FontFile2 (\d+) 0 R/.exec(descriptor.dict)![1]))!.stream!;
    const subset = fontkit.create(program) as fontkit.Font;

    // The glyphs drawn, by outline, leaving out the invisible ones (the marks' carriers).
    const drawn = codesShown(content, resource!)
      .map((code) => outline(subset, cidToGid.readUInt16BE(2 * code)))
      .filter((path) => path !== '');
    const shaped = noto.layout(WORD).glyphs.map((glyph) => outline(noto, glyph.id));
    const naive = Array.from(WORD, (char) => outline(noto, noto.glyphForCodePoint(char.codePointAt(0)!).id));
    expect(drawn).toEqual(shaped);
    expect(drawn).not.toEqual(naive.filter((path) => path !== ''));
    expect(shaped.length).toBeLessThan(naive.length);
  });

  it('is extracted in logical order, by pdf.js (pdf-parse) and by pdftotext where it is installed', async () => {
    const words = ['प्रतिशत', 'क्षत्रिय', 'दूसरे', 'जिन्होंने', 'कुल: 1,23,456.50', 'master1 का विवरण'];
    const pdf = await hindiDocument((doc, { regular, bold }) => {
      doc.font(bold, 13).text(`एजेंट मेल विवरण: master1`, 40, 40);
      for (const [i, word] of words.entries()) doc.font(regular, 10).text(word, 40, 70 + 14 * i);
    });
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    const lines = text.split('\n').map((line) => line.trim());
    expect(lines).toEqual(expect.arrayContaining(['एजेंट मेल विवरण: master1', ...words]));
    const poppler = commandOutput('pdftotext', ['-', '-'], pdf);
    if (poppler === undefined) console.warn('pdftotext is not installed: its extraction is not checked');
    else expect(poppler.split('\n').map((line) => line.trim())).toEqual(expect.arrayContaining(words));
  });

  it('qpdf --check finds the file sound', async (context) => {
    const pdf = await hindiDocument((doc, { regular }) => doc.font(regular, 10).text(`${WORD} कुल 1,23,456.50`, 40, 40));
    const report = qpdfCheck(pdf);
    if (report === undefined) {
      context.skip('qpdf is not installed (apt-get install qpdf; .ci/run installs it)');
      return;
    }
    expect(report).toContain('No syntax or stream encoding errors found');
  });
});
