import type { EN_INSIGHT } from './insight';

/** The Hindi of the insight screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_INSIGHT: Readonly<Record<keyof typeof EN_INSIGHT, string>> = {};
