/**
 * The English texts of the identity screens (features/identity), by message ID in ICU message format;
 * their Hindi is in identity-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_IDENTITY = {} as const;
