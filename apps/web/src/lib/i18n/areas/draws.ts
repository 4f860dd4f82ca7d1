/**
 * The English texts of the draws screens (features/draws), by message ID in ICU message format;
 * their Hindi is in draws-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_DRAWS = {
  'draws.details.unknownGame': 'Unknown Game',
  'draws.details.table': '{game} draws',
  'draws.number.notOpen': 'Not Open',
  'draws.number.diamond': 'diamond',
  'draws.number.spade': 'spade',
  'draws.number.heart': 'heart',
  'draws.number.club': 'club',
} as const;
