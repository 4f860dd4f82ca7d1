import type { Aim } from './cases.js';
import type { Summary } from './load.js';

export interface CaseResult {
  endpoint: string;
  subject: string;
  aim: Aim;
  c1: Summary;
  c32: Summary;
  bareMs: number;
  errors: number;
  firstError?: string;
  /** Mean response body size, bytes (as sent: gzip when asked for). */
  meanBytes: number;
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(1) : value.toFixed(0));

/** Meets the aim at this concurrency: p95 under the aim. */
export const meets = (summary: Summary, aim: Aim) => summary.n > 0 && summary.p95 < aim.ms;

/** One Markdown table (it reads in a terminal and pastes into bench/README.md as is). */
export function formatTable(results: readonly CaseResult[]): string {
  const header = [
    'endpoint',
    'subject',
    'c=1 p50',
    'c=1 p95',
    'c=32 p50',
    'c=32 p95',
    'req/s c=32',
    'bare SQL',
    'aim p95',
    'c=1',
    'c=32',
  ];
  const rows = results.map((r) => [
    r.endpoint,
    r.subject,
    ms(r.c1.p50),
    ms(r.c1.p95),
    ms(r.c32.p50),
    ms(r.c32.p95),
    Number.isNaN(r.c32.reqPerSec) ? '-' : r.c32.reqPerSec.toFixed(0),
    ms(r.bareMs),
    `< ${r.aim.ms}${r.aim.derived ? '*' : ''}`,
    r.errors > 0 ? 'ERROR' : meets(r.c1, r.aim) ? 'ok' : 'MISS',
    r.errors > 0 ? 'ERROR' : meets(r.c32, r.aim) ? 'ok' : 'MISS',
  ]);
  const numeric = new Set([2, 3, 4, 5, 6, 7]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric.has(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
