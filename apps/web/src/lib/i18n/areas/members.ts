/**
 * The English texts of the members screens (features/members), by message ID in ICU message format;
 * their Hindi is in members-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_MEMBERS = {} as const;
