import type { EN_DRAWS } from './draws';

/** The Hindi of the draws screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_DRAWS: Readonly<Record<keyof typeof EN_DRAWS, string>> = {};
