import type { EN_DRAWS } from './draws';

/** The Hindi of the draws screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_DRAWS: Readonly<Record<keyof typeof EN_DRAWS, string>> = {
  'draws.details.unknownGame': 'अज्ञात गेम',
  'draws.details.table': '{game} के ड्रॉ',
  'draws.number.notOpen': 'नहीं खुला',
  'draws.number.diamond': 'ईंट',
  'draws.number.spade': 'हुकुम',
  'draws.number.heart': 'पान',
  'draws.number.club': 'चिड़ी',
};
