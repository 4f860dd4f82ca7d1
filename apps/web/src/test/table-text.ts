import { within } from '@testing-library/react';
import { formatAmount } from '../lib/format';

/** The texts of a row's cells, in order. */
export function cellTexts(row: HTMLElement): (string | null)[] {
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

/** The column header texts inside `root` (a table or a dialog), without the sort arrows. */
export function columnHeaders(root: HTMLElement): (string | undefined)[] {
  return within(root)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
}

/** The value shown after a figure's label (a description list's `dd` after its `dt`). */
export function figure(label: string, scope: HTMLElement = document.body): string | null | undefined {
  return within(scope).getByText(label).nextElementSibling?.textContent;
}

/** Σ of points in hundredths, formatted: an independent check of a total row. */
export function pointsSum(values: number[]): string {
  return formatAmount(values.reduce((s, v) => s + Math.round(v * 100), 0) / 100);
}
