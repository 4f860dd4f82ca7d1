/**
 * Spreadsheet formula guard (CSV and XLSX): a text cell that a spreadsheet program could read as
 * a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, so
 * it shows as the text it is and never runs. A cell that is wholly a number (`-12.50`, `+5`) is
 * left alone; anything more after the number (`-2+3+cmd|...`) is a formula and is neutralised.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}
