/**
 * npm run bench:pdf -- [--count N] [--language en|hi|both]: the statement PDFs of the last closed
 * week, built one after another on this thread, as an export worker builds a week's mails
 * (bench/README.md, "Weekly statements by mail"). It reads the statements of the first N masters
 * and area managers (by username, default 450) from BENCH_DATABASE_URL (default the bench's
 * playrep_bench: a seeded and settled network), in English, in Hindi or both (the default, English
 * first), and per language builds the first third to warm the thread up, then times the rest, each
 * document built once: milliseconds (wall and CPU) and bytes per PDF.
 */
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ENDPOINTS } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { requireAccount } from '../apps/server/src/modules/accounts/repository.js';
import { downloadFile } from '../apps/server/src/modules/export/download.js';
import type { ExportTable } from '../apps/server/src/modules/export/file-builders.js';
import { type PdfLayout, writePdf } from '../apps/server/src/modules/export/pdf-builder.js';
import type { PdfLanguage } from '../apps/server/src/modules/export/pdf-labels.js';
import { agentMailDocument, managerMailDocument } from '../apps/server/src/modules/money/statements.js';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '450' }, language: { type: 'string', default: 'both' } },
});
const languages: PdfLanguage[] = values.language === 'both' ? ['en', 'hi'] : [values.language as PdfLanguage];
const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/playrep_bench';
const count = Number(values.count);

const { db, close } = await openDatabase({ databaseUrl: url });
const [week] = await queryRows<{ start: string | null }>(
  db,
  sql`SELECT max(week_start)::text AS start FROM settled_weeks WHERE kind = 'games'`,
);
if (!week?.start) throw new Error('No closed week: run `npm run settle` first');
const accounts = await queryRows<{ id: string }>(
  db,
  sql`SELECT id FROM accounts WHERE role IN ('master', 'areamanager') ORDER BY username LIMIT ${count}`,
);
const documents = new Map<PdfLanguage, { layout: PdfLayout; tables: readonly ExportTable[] }[]>(languages.map((l) => [l, []]));
for (const { id } of accounts) {
  const subject = await requireAccount(db, id);
  const agent = subject.role === 'master';
  for (const language of languages) {
    const of = { subject, weekStart: week.start, today: new Date().toISOString().slice(0, 10), language };
    const document = agent ? await agentMailDocument(db, of) : await managerMailDocument(db, of);
    const file = downloadFile(ENDPOINTS[agent ? 'agentMail' : 'managerMail'].exports, document.download);
    if (document.download.pdf) documents.get(language)!.push({ layout: document.download.pdf, tables: file.tables });
  }
}
await close();

let bytes = 0;
const counting = () =>
  new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      bytes += chunk.length;
      done();
    },
  });
for (const language of languages) {
  const built = documents.get(language)!;
  const warm = Math.floor(built.length / 3);
  for (const d of built.slice(0, warm)) await writePdf(d.layout, d.tables, counting());
  bytes = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (const d of built.slice(warm)) await writePdf(d.layout, d.tables, counting());
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const timed = built.length - warm;
  console.log(
    `week of ${week.start}, ${language}: ${timed} statement PDFs after ${warm} to warm up: ${(ms / timed).toFixed(1)} ms each, ` +
      `CPU ${((used.user + used.system) / 1000 / timed).toFixed(1)} ms each, ${Math.round(bytes / timed)} bytes each`,
  );
}
