import type { EN_IDENTITY } from './identity';

/** The Hindi of the identity screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_IDENTITY: Readonly<Record<keyof typeof EN_IDENTITY, string>> = {};
