import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logFormat, serverLogger } from './log-output.js';

/** A stand-in for standard output: a terminal or not, keeping what is written to it. */
function fakeStdout(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let written = '';
  stream.on('data', (chunk) => {
    written += chunk;
  });
  return { stream, lines: () => written.split('\n').filter(Boolean) };
}

/** A Fastify app logging as the server does to `output`, after one request to /ping. */
async function logOfOneRequest(output: ReturnType<typeof fakeStdout>): Promise<string[]> {
  const app = Fastify({ logger: serverLogger('info', output.stream) });
  app.get('/ping', async () => ({ ok: true }));
  await app.inject({ url: '/ping', headers: { authorization: 'Bearer secret-key' } });
  await app.close();
  // The readable format is written through a stream: wait until both request lines are out.
  for (let i = 0; i < 50 && output.lines().length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return output.lines();
}

describe('the server log (npm start)', () => {
  it('is readable at a terminal, JSON anywhere else', () => {
    expect(logFormat(Object.assign(new PassThrough(), { isTTY: true }))).toBe('pretty');
    expect(logFormat(new PassThrough())).toBe('json');
    expect(logFormat(Object.assign(new PassThrough(), { isTTY: false }))).toBe('json');
  });

  it('prints one line an entry at a terminal: time, level, message, the method, path, status and time of a request', async () => {
    const lines = (await logOfOneRequest(fakeStdout(true))).map(stripVTControlCharacters);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: incoming request GET \/ping \[req-1\]$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: request completed 200 in \d+ ms \[req-1\]$/);
    expect(lines.join('\n')).not.toContain('secret-key');
  });

  it('prints one JSON object a line when the output is not a terminal', async () => {
    const entries = (await logOfOneRequest(fakeStdout(false))).map((line) => JSON.parse(line));
    expect(entries.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    expect(entries[0]).toMatchObject({ level: 30, reqId: 'req-1', req: { method: 'GET', url: '/ping' } });
    expect(entries[1]).toMatchObject({ res: { statusCode: 200 } });
    expect(JSON.stringify(entries)).not.toContain('secret-key');
  });
});
