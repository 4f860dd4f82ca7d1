import { describe, expect, it } from 'vitest';
import { clampPage, pagerWindowPages, pagerWindowStart, pageSizeOptions } from './pager-math';

describe('pager window', () => {
  it('stays put while the page is inside it', () => {
    for (let page = 1; page <= 10; page++) expect(pagerWindowStart(1, page)).toBe(1);
    for (let page = 10; page <= 19; page++) expect(pagerWindowStart(10, page)).toBe(10);
  });

  it('shifts by 9 past either end, repeatedly for jumps', () => {
    expect(pagerWindowStart(1, 11)).toBe(10);
    expect(pagerWindowStart(10, 20)).toBe(19);
    expect(pagerWindowStart(10, 9)).toBe(1);
    expect(pagerWindowStart(1, 100)).toBe(91);
    expect(pagerWindowStart(91, 1)).toBe(1);
    expect(pagerWindowStart(19, 12)).toBe(10);
  });

  it('lists at most 10 pages, cut at the last page', () => {
    expect(pagerWindowPages(1, 3)).toEqual([1, 2, 3]);
    expect(pagerWindowPages(10, 12)).toEqual([10, 11, 12]);
    expect(pagerWindowPages(10, 50)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });
});

describe('clampPage', () => {
  it('keeps pages within 1..page count', () => {
    expect(clampPage('3', 5)).toBe(3);
    expect(clampPage('9', 5)).toBe(5);
    expect(clampPage('0', 5)).toBe(1);
    expect(clampPage('-2', 5)).toBe(1);
    expect(clampPage(' 4 ', 5)).toBe(4);
    expect(clampPage('2.7', 5)).toBe(2);
    expect(clampPage(7, 0)).toBe(1);
  });

  it('falls back to 1 for anything that is not a number', () => {
    expect(clampPage('abc', 5)).toBe(1);
    expect(clampPage('', 5)).toBe(1);
    expect(clampPage('3x', 5)).toBe(1);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });
});

describe('pageSizeOptions', () => {
  it('adds the screen default when missing, in order', () => {
    expect(pageSizeOptions([10, 20, 30, 40, 50], 10)).toEqual([10, 20, 30, 40, 50]);
    expect(pageSizeOptions([10, 20, 30, 40, 50], 3)).toEqual([3, 10, 20, 30, 40, 50]);
  });
});
