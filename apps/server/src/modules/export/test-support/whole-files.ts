import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { csvChunks, type ExportTable, writeXlsx } from '../file-builders.js';

/** The export files of file-builders.ts whole, in memory (the server streams them from a worker). */
export async function toCsv(tables: readonly ExportTable[]): Promise<string> {
  let text = '';
  for await (const chunk of csvChunks(tables)) text += chunk;
  return text;
}

export async function toXlsx(tables: readonly ExportTable[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(output, 'end');
  await writeXlsx(tables, output);
  await ended;
  return Buffer.concat(chunks);
}
