import type { EN_TRANSFERS } from './transfers';

/** The Hindi of the transfers screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_TRANSFERS: Readonly<Record<keyof typeof EN_TRANSFERS, string>> = {};
