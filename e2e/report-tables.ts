import type { Locator, Page } from 'playwright-core';

/** A table's column headers, without the sort arrows. */
export async function headers(table: Locator): Promise<string[]> {
  return (await table.locator('thead th').allTextContents()).map((t) => t.replace(/[▲▼↕]/g, '').trim());
}

/** The body rows' cell texts. */
export async function bodyRows(table: Locator): Promise<string[][]> {
  const out: string[][] = [];
  const rows = table.locator('tbody tr');
  for (let i = 0; i < (await rows.count()); i++)
    out.push((await rows.nth(i).locator('td').allTextContents()).map((t) => t.trim()));
  return out;
}

/** Every row on one page (the rows per page select offers 50). */
export async function showAll(scope: Page | Locator): Promise<void> {
  const select = scope.getByLabel('Rows per page');
  if ((await select.count()) > 0) await select.selectOption('50');
}
