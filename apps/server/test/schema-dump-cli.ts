import { writeFileSync } from 'node:fs';
import { dumpMigratedSchema, SCHEMA_FILE } from './schema-dump.js';

/**
 * `npm run db:schema`: writes docs/schema.sql from the committed migrations. It makes (and drops)
 * a scratch database on the PostgreSQL 15 server of TEST_DATABASE_URL, by default the local one,
 * and runs that server version's pg_dump (PG_BIN, by default /usr/lib/postgresql/15/bin).
 */
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

dumpMigratedSchema(adminUrl).then(
  (schema) => {
    writeFileSync(SCHEMA_FILE, schema);
    console.log(`db:schema: wrote docs/schema.sql (${schema.split('\n').length} lines)`);
  },
  (err) => {
    console.error('db:schema:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
