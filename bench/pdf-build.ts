/**
 * npm run bench:pdf -- [--count N]: the statement PDFs of the last closed week, built one after
 * another on this thread, as an export worker builds a week's mails (bench/README.md, "Weekly
 * statements by mail"). It reads the statements of the first N masters and area managers (by username, default
 * 450) from BENCH_DATABASE_URL (default the bench's playrep_bench: a seeded and settled network), builds the
 * first third to warm the thread up, then times the rest, each document built once.
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
import { agentMailDocument, managerMailDocument } from '../apps/server/src/modules/money/statements.js';

const { values } = parseArgs({ options: { count: { type: 'string', default: '450' } } });
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
const documents: { layout: PdfLayout; tables: readonly ExportTable[] }[] = [];
for (const { id } of accounts) {
  const subject = await requireAccount(db, id);
  const of = { subject, weekStart: week.start, today: new Date().toISOString().slice(0, 10) };
  const agent = subject.role === 'master';
  const document = agent ? await agentMailDocument(db, of) : await managerMailDocument(db, of);
  const file = downloadFile(ENDPOINTS[agent ? 'agentMail' : 'managerMail'].exports, document.download);
  if (document.download.pdf) documents.push({ layout: document.download.pdf, tables: file.tables });
}
await close();

const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });
const warm = Math.floor(documents.length / 3);
for (const d of documents.slice(0, warm)) await writePdf(d.layout, d.tables, discard());
const started = performance.now();
const cpu = process.cpuUsage();
for (const d of documents.slice(warm)) await writePdf(d.layout, d.tables, discard());
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
const timed = documents.length - warm;
console.log(
  `week of ${week.start}: ${timed} statement PDFs after ${warm} to warm up: ${(ms / timed).toFixed(1)} ms each, ` +
    `CPU ${((used.user + used.system) / 1000 / timed).toFixed(1)} ms each`,
);
