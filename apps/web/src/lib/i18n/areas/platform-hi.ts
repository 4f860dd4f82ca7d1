import type { EN_PLATFORM } from './platform';

/** The Hindi of the platform screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_PLATFORM: Readonly<Record<keyof typeof EN_PLATFORM, string>> = {
  'platform.actions': 'कार्रवाई',
  'platform.revokeOf': 'फ़ीड कुंजी {name} रद्द करें',
  'platform.revoke': 'रद्द करें',
  'platform.createKey': 'कुंजी बनाएँ',
  'platform.keyOf': '{name} की कुंजी: {key}',
  'platform.feedKeys': 'फ़ीड कुंजियाँ',
  'platform.lastBatches': 'पिछले 100 बैच',
  'platform.batches': 'बैच',
};
