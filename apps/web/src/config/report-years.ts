/**
 * The years a report date may fall in, as the server reads them (docs/domain.md, Days and
 * weeks): 2000 to 2100. Every date picker of the report screens offers only these days, so a date
 * the server would refuse cannot be picked.
 */
export const FIRST_REPORT_DAY = '2000-01-01';
export const LAST_REPORT_DAY = '2100-12-31';
