import { PassThrough } from 'node:stream';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { ExportTable } from './file-builders.js';
import { type PdfLayout, writePdf } from './pdf-builder.js';

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
});
