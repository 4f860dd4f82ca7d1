import { within } from '@testing-library/react';

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
