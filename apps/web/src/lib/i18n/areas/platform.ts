/**
 * The English texts of the platform screens (features/platform), by message ID in ICU message format;
 * their Hindi is in platform-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_PLATFORM = {
  'platform.actions': 'Actions',
  'platform.revokeOf': 'Revoke feed key {name}',
  'platform.revoke': 'Revoke',
  'platform.createKey': 'Create key',
  'platform.keyOf': 'Key of {name}: {key}',
  'platform.feedKeys': 'Feed keys',
  'platform.lastBatches': 'Last 100 batches',
  'platform.batches': 'Batches',
} as const;
