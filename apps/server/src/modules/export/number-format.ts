/**
 * Excel number format that groups a value the Indian way (12,34,567.00), as the screen does.
 * Excel's own separator groups by thousands only, so beyond five digits the lakh and crore commas
 * are written as literals, placed for this value's number of digits; the cell's format is chosen
 * per value. A single-section format shows negatives with a leading minus.
 */
export function indianNumberFormat(value: number, decimals: 0 | 2): string {
  const fraction = decimals === 2 ? '.00' : '';
  const digits = Math.trunc(Math.abs(value)).toString().length;
  if (digits <= 5) return `#,##0${fraction}`;
  const groups = ['##0'];
  for (let left = digits - 3; left > 0; left -= 2) groups.unshift('#'.repeat(Math.min(2, left)));
  return `${groups.join('\\,')}${fraction}`;
}
