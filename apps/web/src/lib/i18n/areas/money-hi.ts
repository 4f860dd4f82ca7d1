import type { EN_MONEY } from './money';

/** The Hindi of the money screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_MONEY: Readonly<Record<keyof typeof EN_MONEY, string>> = {};
