import type { Queryable } from '../../db/client.js';
import { createFeedKey, FEED_KEY_NAME_RULE, FeedKeyNameTaken, isFeedKeyName, listFeedKeys, revokeFeedKey } from './keys.js';

export const FEEDS_USAGE = `Usage: npm run feeds -- <command>

Commands:
  create NAME   Creates a feed key for a game platform and prints it, alone on the last line.
                It is shown only this once: the database keeps only its hash.
  list          Lists the feed keys: name, created, last used, events applied (never a key).
  revoke NAME   Revokes the live key of that name: it opens nothing any more.

Names: ${FEED_KEY_NAME_RULE}, unique among live keys.
The platform sends its key as "Authorization: Bearer <key>" to /api/feed/v1 (docs/feed.md).`;

export type FeedsCommand = { kind: 'help' } | { kind: 'list' } | { kind: 'create' | 'revoke'; name: string };

/** Reads the arguments without touching the database: a usage problem is a string. */
export function parseFeedsCommand(argv: string[]): FeedsCommand | string {
  const [command, ...rest] = argv;
  if (command === undefined) return 'No command given.';
  if (command === 'help' || command === '--help' || command === '-h') return { kind: 'help' };
  if (command === 'list') return rest.length === 0 ? { kind: 'list' } : `Unexpected argument "${rest[0]}".`;
  if (command !== 'create' && command !== 'revoke') return `Unknown command "${command}".`;
  const [name, ...extra] = rest;
  if (name === undefined) return `"${command}" needs the key's NAME.`;
  if (extra.length > 0) return `Unexpected argument "${extra[0]}".`;
  if (!isFeedKeyName(name)) return `A feed key name is ${FEED_KEY_NAME_RULE}: "${name}" is not.`;
  return { kind: command, name };
}

export interface FeedsIo {
  db: Queryable;
  now: Date;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Exit codes: 0 done, 1 refused (name taken, no such key), 2 usage error. */
export async function executeFeedsCommand(command: FeedsCommand, io: FeedsIo): Promise<number> {
  switch (command.kind) {
    case 'help':
      io.out(FEEDS_USAGE);
      return 0;
    case 'create': {
      try {
        const created = await createFeedKey(io.db, command.name, io.now, { actor: 'cli' });
        io.out(`Created feed key "${created.name}". Keep it secret: it is shown only now, on the next line.`);
        io.out(created.key);
        return 0;
      } catch (err) {
        if (!(err instanceof FeedKeyNameTaken)) throw err;
        io.err(`Not created: ${err.message} Revoke it first, or choose another name.`);
        return 1;
      }
    }
    case 'revoke': {
      if (await revokeFeedKey(io.db, command.name, io.now, { actor: 'cli' })) {
        io.out(`Revoked feed key "${command.name}": it opens nothing any more.`);
        return 0;
      }
      io.err(`No live feed key is named "${command.name}".`);
      return 1;
    }
    case 'list': {
      const keys = await listFeedKeys(io.db);
      if (keys.length === 0) {
        io.out('No feed keys yet. Create one with: npm run feeds -- create NAME');
        return 0;
      }
      const rows = keys.map((k) => [
        k.name,
        instant(k.createdAt),
        k.lastUsedAt ? instant(k.lastUsedAt) : 'never',
        k.eventsApplied.toLocaleString('en-IN'),
        k.revokedAt ? `revoked ${instant(k.revokedAt)}` : 'live',
      ]);
      for (const line of table(['Name', 'Created', 'Last used', 'Events applied', 'Status'], rows)) io.out(line);
      return 0;
    }
  }
}

/** An instant as 'YYYY-MM-DD HH:MM IST'. */
function instant(at: Date): string {
  const ist = new Date(at.getTime() + (5 * 60 + 30) * 60_000).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 16)} IST`;
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}
