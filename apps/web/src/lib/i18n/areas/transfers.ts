/**
 * The English texts of the transfers screens (features/transfers), by message ID in ICU message format;
 * their Hindi is in transfers-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_TRANSFERS = {
  // The transfer reports (components/TransferReport.tsx)
  'transfers.report.memberPlaceholder': 'Username',
  'transfers.report.range': '{from} to {to}',
  'transfers.report.rangeOfMember': '{from} to {to}, member {member}',
} as const;
