/**
 * Fitting the mail statement on one A4 page. The browser paginates, it does not
 * shrink: a statement taller than the page would spill onto a second one. So before printing the
 * page is laid out as it prints (the `data-print-statement` attribute on <html> switches the rules
 * of statement-print.css on), the statement is measured and scaled down with CSS `zoom` until it
 * fits.
 */

/** The attribute on <html> that switches the print layout of statement-print.css on. */
export const PRINT_LAYOUT_ATTRIBUTE = 'data-print-statement';

/** A4 (210 x 297 mm) less the margins of `@page mail-statement` in statement-print.css. */
export const PRINTABLE_MM = { width: 210 - 2 * 12, height: 297 - 2 * 10 } as const;

const PX_PER_MM = 96 / 25.4;
/** Room for the browser's rounding when it paginates. */
const SAFETY = 0.97;
/** Below this zoom the members table is tried in two columns (8.5 pt x 0.75 is about 6.4 pt). */
export const TWO_COLUMNS_BELOW = 0.75;

export interface PrintFit {
  zoom: number;
  columns: 1 | 2;
}

function applyFit(statement: HTMLElement, fit: PrintFit): void {
  statement.style.setProperty('--print-width', `${PRINTABLE_MM.width}mm`);
  statement.style.setProperty('--print-zoom', String(fit.zoom));
  statement.dataset.printColumns = String(fit.columns);
}

/** True when the statement, laid out with `fit`, needs no more than `available` px of height and its own width. */
function fits(statement: HTMLElement, available: number, fit: PrintFit): boolean {
  applyFit(statement, fit);
  return statement.getBoundingClientRect().height <= available && statement.scrollWidth <= statement.clientWidth + 1;
}

/**
 * The largest zoom (at most 1, to 1/256) at which the statement fits the page with the members in
 * `columns`. A zoomed statement is laid out `1 / zoom` times wider so that it still spans the page
 * (statement-print.css): text wraps less as the zoom goes down, so the printed height only falls
 * with it, and a bisection finds the zoom.
 */
function bestZoom(statement: HTMLElement, available: number, columns: 1 | 2): number {
  if (fits(statement, available, { zoom: 1, columns })) return 1;
  let low = 0;
  let high = 1;
  for (let round = 0; round < 8; round++) {
    const zoom = (low + high) / 2;
    if (fits(statement, available, { zoom, columns })) low = zoom;
    else high = zoom;
  }
  return low;
}

/**
 * Measures the statement in the print layout (which must be on) and sets its zoom and column
 * count so that it fits the printable height below whatever prints above it (the page title).
 * Two columns for the members are taken only when they allow larger text than one.
 */
export function fitStatementToPage(statement: HTMLElement): PrintFit {
  const top = statement.closest('main')?.getBoundingClientRect().top ?? 0;
  const available = PRINTABLE_MM.height * PX_PER_MM * SAFETY - (statement.getBoundingClientRect().top - top);
  let fit: PrintFit = { zoom: bestZoom(statement, available, 1), columns: 1 };
  if (fit.zoom < TWO_COLUMNS_BELOW && statement.querySelector('[data-print-split]')) {
    const twoColumns = bestZoom(statement, available, 2);
    if (twoColumns > fit.zoom) fit = { zoom: twoColumns, columns: 2 };
  }
  applyFit(statement, fit);
  return fit;
}

/** Back to the screen layout. */
export function clearStatementFit(statement: HTMLElement | null): void {
  document.documentElement.removeAttribute(PRINT_LAYOUT_ATTRIBUTE);
  if (!statement) return;
  statement.style.removeProperty('--print-width');
  statement.style.removeProperty('--print-zoom');
  delete statement.dataset.printColumns;
}
