/** Page numbers shown at once by the pager. */
export const PAGER_WINDOW_SIZE = 10;
/** How far the window moves when the page goes past either end of it (docs/screens.md, Every report screen). */
export const PAGER_WINDOW_STEP = 9;

/**
 * The first page number of the pager window once `page` must be visible: the window keeps its
 * place while the page stays inside it and shifts by 9 (repeatedly, for jumps) when it leaves it,
 * so going past page 10 shows 10..19, past 19 shows 19..28, and going back below 10 shows 1..10.
 */
export function pagerWindowStart(currentStart: number, page: number, size = PAGER_WINDOW_SIZE, step = PAGER_WINDOW_STEP): number {
  let start = Math.max(1, Math.trunc(currentStart) || 1);
  while (page > start + size - 1) start += step;
  while (page < start) start = Math.max(1, start - step);
  return start;
}

/** The page numbers of the window starting at `start`, cut at the last page. */
export function pagerWindowPages(start: number, pageCount: number, size = PAGER_WINDOW_SIZE): number[] {
  const end = Math.min(start + size - 1, pageCount);
  const pages: number[] = [];
  for (let p = start; p <= end; p++) pages.push(p);
  return pages;
}

/** A typed page number kept within 1..pageCount; anything that is not a number falls back to 1. */
export function clampPage(input: string | number, pageCount: number): number {
  const n = typeof input === 'number' ? input : input.trim() === '' ? Number.NaN : Number(input.trim());
  const last = Math.max(1, pageCount);
  if (!Number.isFinite(n)) return 1;
  return Math.min(Math.max(1, Math.trunc(n)), last);
}

/** Page sizes offered: the standard list plus the screen's default when it is not in it (for example 3). */
export function pageSizeOptions(pageSizes: readonly number[], defaultPageSize: number): number[] {
  return [...new Set([...pageSizes, defaultPageSize])].sort((a, b) => a - b);
}
