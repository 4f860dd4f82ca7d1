import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('the migration journal', () => {
  it('numbers its migrations in order, each with its SQL file', () => {
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      expect(existsSync(path.join(MIGRATIONS, `${entry.tag}.sql`)), entry.tag).toBe(true);
    });
  });

  // The migrator applies a migration only when its `when` is later than the last one the database
  // has applied: a migration dated before its predecessor would be skipped on every database that
  // already has the predecessor.
  it('dates every migration after the one before it', () => {
    for (let i = 1; i < journal.entries.length; i++) {
      const [before, entry] = [journal.entries[i - 1]!, journal.entries[i]!];
      expect(entry.when, `${entry.tag} is dated before ${before.tag}`).toBeGreaterThan(before.when);
    }
  });

  // drizzle-kit generate diffs the schema against the latest snapshot; each snapshot names the one
  // before it (prevId), from 0000's on, so that the chain stays whole.
  it('has a snapshot for every migration, each following the one before', () => {
    let prevId = '00000000-0000-0000-0000-000000000000';
    for (const entry of journal.entries) {
      const file = path.join(MIGRATIONS, 'meta', `${entry.tag.slice(0, 4)}_snapshot.json`);
      expect(existsSync(file), `${entry.tag} has no snapshot`).toBe(true);
      const snapshot = JSON.parse(readFileSync(file, 'utf8')) as { id: string; prevId: string };
      expect(snapshot.prevId, `${entry.tag}'s snapshot follows the one before`).toBe(prevId);
      prevId = snapshot.id;
    }
  });
});
