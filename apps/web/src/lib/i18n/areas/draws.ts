/**
 * The English texts of the draws screens (features/draws), by message ID in ICU message format;
 * their Hindi is in draws-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_DRAWS = {} as const;
