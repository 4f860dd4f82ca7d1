/**
 * The English texts of the insight screens (features/insight), by message ID in ICU message format;
 * their Hindi is in insight-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_INSIGHT = {} as const;
