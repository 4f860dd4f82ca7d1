import { describe, expect, it } from 'vitest';
import { indianNumberFormat } from './number-format.js';

/**
 * What a spreadsheet shows for a value under one of these formats: `#,##0` groups by thousands;
 * otherwise every placeholder takes a digit from the right and `\,` is a literal comma.
 */
function render(format: string, value: number): string {
  const decimals = format.endsWith('.00') ? 2 : 0;
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  const sign = value < 0 ? '-' : '';
  const tail = fraction === undefined ? '' : `.${fraction}`;
  const pattern = format.replace(/\.00$/, '');
  if (pattern === '#,##0') return `${sign}${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}${tail}`;
  const digits = whole!.split('');
  let out = '';
  for (const token of pattern.replaceAll('\\,', ',').split('').reverse()) {
    out = (token === ',' ? ',' : (digits.pop() ?? '')) + out;
  }
  return `${sign}${digits.join('')}${out.replace(/^,/, '')}${tail}`;
}

const indian = (value: number, decimals: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);

describe('Indian grouping in spreadsheet cells', () => {
  it.each([
    0, 7, 99.99, 1234.56, 12345.67, 99999.99, 100000, 123456.78, 1234567.89, 12345678.9, 123456789.01, 1234567890.12,
    98765432109.87,
  ])('shows %d as the screen does, positive and negative', (value) => {
    for (const v of value === 0 ? [0] : [value, -value]) {
      expect(render(indianNumberFormat(v, 2), v)).toBe(indian(v, 2));
      const whole = Math.trunc(v);
      expect(render(indianNumberFormat(whole, 0), whole)).toBe(indian(whole, 0));
    }
  });

  it('is a single section with literal lakh and crore commas', () => {
    expect(indianNumberFormat(1234.5, 2)).toBe('#,##0.00');
    expect(indianNumberFormat(-1234567.89, 2)).toBe('##\\,##\\,##0.00');
    expect(indianNumberFormat(123456789, 0)).toBe('##\\,##\\,##\\,##0');
  });
});
