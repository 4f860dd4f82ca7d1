import { PassThrough } from 'node:stream';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { ExportTable } from './file-builders.js';
import { type PdfBlock, type PdfLayout, writePdf } from './pdf-builder.js';

async function pdfOf(layout: PdfLayout, tables: ExportTable[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writePdf(layout, tables, output);
  return Buffer.concat(chunks);
}

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/**
 * Each font embedded in `pdf`: the advance width of every glyph of its embedded program (in
 * thousandths of the size) beside the width the document gives that glyph number (its `/W`).
 * A program built for another document's glyphs would not match its widths.
 */
function embeddedFonts(pdf: Buffer): { name: string; programWidths: number[]; declaredWidths: number[] }[] {
  const objects = new Map<string, { dict: string; stream: Buffer | undefined }>();
  const text = pdf.toString('latin1');
  for (const match of text.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const [dict = '', stream] = match[2]!.split(/\nstream\n/);
    objects.set(match[1]!, {
      dict,
      stream: stream === undefined ? undefined : Buffer.from(stream.replace(/\nendstream$/, ''), 'latin1'),
    });
  }
  const ref = (dict: string, key: string) => new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1] ?? '';
  return [...objects.values()]
    .filter(({ dict }) => dict.includes('/Subtype /CIDFontType2'))
    .map(({ dict }) => {
      const descriptor = objects.get(ref(dict, 'FontDescriptor'))!.dict;
      const program = fontkit.create(inflateSync(objects.get(ref(descriptor, 'FontFile2'))!.stream!)) as unknown as {
        numGlyphs: number;
        unitsPerEm: number;
        getGlyph(id: number): { advanceWidth: number };
      };
      const declaredWidths = /\/W \[0 \[([^\]]*)\]/.exec(dict)![1]!.trim().split(/\s+/).map(Number);
      const programWidths = Array.from({ length: program.numGlyphs }, (_, id) =>
        Number(((program.getGlyph(id).advanceWidth * 1000) / program.unitsPerEm).toFixed(3)),
      );
      return {
        name: /\/BaseFont \/(\S+)/.exec(dict)![1]!,
        programWidths,
        declaredWidths: declaredWidths.map((w) => Number(w.toFixed(3))),
      };
    });
}

const statement = (agent: string, rows: { username: string; points: number }[]) => ({
  layout: {
    title: `Agent Mail of ${agent}`,
    lines: ['Week 16-Nov-2026 to 22-Nov-2026'],
    blocks: [
      { type: 'figures', title: 'Revenue', figures: [{ label: 'Points Used', value: '1,234.50' }] },
      { type: 'table', table: 0 },
    ],
  } satisfies PdfLayout,
  tables: [
    {
      title: 'Members',
      columns: [
        { key: 'username', header: 'Username', type: 'string' },
        { key: 'points', header: 'Points Used', type: 'float', total: true },
      ],
      rows,
    },
  ] as ExportTable[],
});

describe('statement PDFs built one after another on one thread', () => {
  // The thread keeps the words its fonts laid out from one document to the next: each document
  // must still hold its own text, whole, with the glyphs of words another document laid out first.
  it('each holds its own text, the same as when it is built alone', async () => {
    const first = statement('master1', [
      { username: 'player1', points: 120.5 },
      { username: 'player2', points: -65_600 },
    ]);
    const second = statement('master2', [
      { username: 'player9', points: 7 },
      { username: 'Ωmega_ü', points: 1_00_000 },
    ]);
    const firstAlone = await textOf(await pdfOf(first.layout, first.tables));
    const secondAfter = await textOf(await pdfOf(second.layout, second.tables));
    const firstAgain = await textOf(await pdfOf(first.layout, first.tables));

    for (const line of ['Agent Mail of master1', 'player1', '120.50', 'player2', '-65,600.00', 'Points Used', '1,234.50']) {
      expect(firstAlone).toContain(line);
    }
    for (const line of ['Agent Mail of master2', 'player9', '7.00', 'Ωmega_ü', '1,00,000.00'])
      expect(secondAfter).toContain(line);
    expect(secondAfter).not.toContain('master1');
    expect(firstAgain).toBe(firstAlone);
  });

  // The thread also keeps the encoded font subsets: each document must embed the glyphs it uses,
  // under the numbers its text gives them, whatever the documents before it used.
  it('each embeds fonts whose glyphs match the widths it declares', async () => {
    const plain = statement('master1', [{ username: 'player1', points: 120.5 }]);
    // As many glyphs as each other beyond the common ones, but not the same.
    const unusual = statement('master1', [{ username: 'Ωmega_ü {x}', points: -7 }]);
    const otherUnusual = statement('master1', [{ username: 'Ψsi~ö [x]', points: -7 }]);
    for (const { layout, tables } of [plain, unusual, plain, otherUnusual, unusual]) {
      const fonts = embeddedFonts(await pdfOf(layout, tables));
      expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
        'DejaVuSansCondensed',
        'DejaVuSansCondensed-Bold',
      ]);
      // Glyph 0 (.notdef, never drawn) is left out. The
      // program may hold more glyphs than are declared: the parts of a composed one (ü).
      for (const { programWidths, declaredWidths } of fonts)
        expect(programWidths.slice(1, declaredWidths.length)).toEqual(declaredWidths.slice(1));
    }
  });
});

describe('a statement figure too wide for its block', () => {
  it('stays on its own line, beside its label, above the next figure', async () => {
    const narrow = (value: string): PdfBlock => ({
      type: 'figures',
      title: 'Loan',
      figures: [
        { label: 'Loan Remaining', value },
        { label: 'Paid', value: '0.00' },
      ],
    });
    const layout: PdfLayout = {
      title: 'Agent Mail of master4',
      lines: [],
      blocks: [{ type: 'side-by-side', left: narrow('50% deducted for loan'), right: narrow('No Record Found'), leftShare: 0.5 }],
    };
    const lines = (await textOf(await pdfOf(layout, []))).split('\n').map((line) => line.trim());
    expect(lines).toContain('Loan Remaining 50% deducted for loan');
    expect(lines).toContain('Loan Remaining No Record Found');
    expect(lines.filter((line) => line.startsWith('Paid'))).toEqual(['Paid 0.00', 'Paid 0.00']);
  });
});

describe('a heading or caption longer than its line', () => {
  it('is cut with an ellipsis on its one line, not wrapped over the table below', async () => {
    const caption = `Members of ${'a very long cafe name, '.repeat(12)}end`;
    const { layout, tables } = statement('master1', [{ username: 'player1', points: 120.5 }]);
    const lines = (await textOf(await pdfOf(layout, [{ ...tables[0]!, title: caption }]))).split('\n').map((l) => l.trim());
    const captionLine = lines.find((line) => line.startsWith('Members of'));
    expect(captionLine).toMatch(/…$/);
    expect(lines[lines.indexOf(captionLine!) + 1]).toBe('Username Points Used');
    expect(lines.join('\n')).not.toContain('end');
  });
});
