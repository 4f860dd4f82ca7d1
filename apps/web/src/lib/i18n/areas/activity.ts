/**
 * The English texts of the activity screens (features/activity), by message ID in ICU message format;
 * their Hindi is in activity-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_ACTIVITY = {} as const;
