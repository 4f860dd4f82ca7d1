import type { ColumnDef } from './columns.js';

/** The Platform screen's feed keys, on screen and in its export (docs/screens.md, Platform). */
export const FEED_KEY_COLUMNS: ColumnDef<'name' | 'state' | 'createdAt' | 'lastUsedAt' | 'eventsApplied' | 'counts'>[] = [
  { key: 'name', header: 'Name', type: 'string' },
  { key: 'state', header: 'State', type: 'string' },
  { key: 'createdAt', header: 'Created', type: 'datetime' },
  { key: 'lastUsedAt', header: 'Last Used', type: 'datetime' },
  { key: 'eventsApplied', header: 'Events Applied', type: 'int' },
  { key: 'counts', header: 'By Type', type: 'string' },
];

/** The last batches the feed received, applied or refused. */
export const FEED_BATCH_COLUMNS: ColumnDef<'at' | 'key' | 'outcome' | 'details' | 'address'>[] = [
  { key: 'at', header: 'Received', type: 'datetime' },
  { key: 'key', header: 'Key', type: 'string' },
  { key: 'outcome', header: 'Outcome', type: 'string' },
  { key: 'details', header: 'Details', type: 'string' },
  { key: 'address', header: 'Address', type: 'string' },
];
