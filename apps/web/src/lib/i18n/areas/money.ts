/**
 * The English texts of the money screens (features/money), by message ID in ICU message format;
 * their Hindi is in money-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_MONEY = {} as const;
