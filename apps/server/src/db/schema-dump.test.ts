import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dumpMigratedSchema, SCHEMA_FILE, schemaDumpUnavailable } from '../../test/schema-dump.js';

/**
 * docs/schema.sql is the schema the committed migrations make: the test migrates a fresh
 * PostgreSQL 15 database, dumps it as `npm run db:schema` does and compares. Runs with
 * TEST_DATABASE_URL (and the PostgreSQL 15 client programs).
 */
const unavailable = schemaDumpUnavailable();

describe.skipIf(unavailable !== null)('docs/schema.sql', () => {
  it('is the current schema of the migrations, without the month partitions of the day it ran', async () => {
    const current = await dumpMigratedSchema(process.env.TEST_DATABASE_URL!);
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    expect(current, 'docs/schema.sql no longer matches the migrations: run `npm run db:schema` and commit it').toBe(committed);

    // Migration 0010 creates the current month's partitions: they are left out, the DEFAULT ones stay.
    expect(current).not.toMatch(/\b(plays|poker_hands)_\d{4}_\d{2}\b/);
    expect(current).toContain('ALTER TABLE ONLY public.plays ATTACH PARTITION public.plays_default DEFAULT;');
    expect(current).toContain('ALTER TABLE ONLY public.poker_hands ATTACH PARTITION public.poker_hands_default DEFAULT;');
  });
});
