/**
 * The English texts of the mail screens (features/mail), by message ID in ICU message format;
 * their Hindi is in mail-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_MAIL = {} as const;
