/**
 * The years a report date may fall in, as the server reads them (docs/domain.md, Days and
 * weeks): 2000 to 2100. Every date picker of the report screens offers only these days, so a date
 * the server would refuse cannot be picked.
 */
export const FIRST_REPORT_DAY = '2000-01-01';
export const LAST_REPORT_DAY = '2100-12-31';

/**
 * A picked range kept within those years: the day the pickers pair with the picked one (To minus 6
 * days, From plus 6) stops at the edge rather than falling outside, where the server would refuse
 * the day the user never picked.
 */
export function withinReportYears<R extends { from: string | null; to: string | null }>(range: R): R {
  const clamp = (day: string | null) =>
    day === null ? null : day < FIRST_REPORT_DAY ? FIRST_REPORT_DAY : day > LAST_REPORT_DAY ? LAST_REPORT_DAY : day;
  return { ...range, from: clamp(range.from), to: clamp(range.to) };
}
