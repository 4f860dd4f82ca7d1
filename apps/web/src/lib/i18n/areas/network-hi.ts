import type { EN_NETWORK } from './network';

/** The Hindi of the network screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_NETWORK: Readonly<Record<keyof typeof EN_NETWORK, string>> = {};
