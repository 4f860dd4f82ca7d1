import type { EN_MAIL } from './mail';

/** The Hindi of the mail screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_MAIL: Readonly<Record<keyof typeof EN_MAIL, string>> = {};
