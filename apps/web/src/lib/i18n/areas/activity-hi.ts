import type { EN_ACTIVITY } from './activity';

/** The Hindi of the activity screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_ACTIVITY: Readonly<Record<keyof typeof EN_ACTIVITY, string>> = {};
