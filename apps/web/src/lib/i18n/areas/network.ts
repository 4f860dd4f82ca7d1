/**
 * The English texts of the network screens (features/network), by message ID in ICU message format;
 * their Hindi is in network-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_NETWORK = {} as const;
