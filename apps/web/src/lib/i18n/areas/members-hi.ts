import type { EN_MEMBERS } from './members';

/** The Hindi of the members screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_MEMBERS: Readonly<Record<keyof typeof EN_MEMBERS, string>> = {};
