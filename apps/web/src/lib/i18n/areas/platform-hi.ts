import type { EN_PLATFORM } from './platform';

/** The Hindi of the platform screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_PLATFORM: Readonly<Record<keyof typeof EN_PLATFORM, string>> = {};
