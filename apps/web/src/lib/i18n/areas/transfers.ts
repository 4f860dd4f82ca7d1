/**
 * The English texts of the transfers screens (features/transfers), by message ID in ICU message format;
 * their Hindi is in transfers-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_TRANSFERS = {} as const;
