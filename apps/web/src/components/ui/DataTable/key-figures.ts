import { type CSSProperties, type RefObject, useCallback, useEffect, useLayoutEffect } from 'react';
import classes from './KeyFigures.module.css';

/**
 * Which of a table's key-figure columns (the figure a row exists for) a cell belongs to. Where the
 * column is held on a narrow screen, its distance from the box's left edge (the widths of the key
 * columns before it) and from its right edge (those after it), so that two key columns side by side
 * stay side by side, are two CSS variables of the table element, one pair per key column.
 */
export interface KeyFigurePin {
  index: number;
}

const KEY_FIGURE = 'data-key-figure';

const offsetVariable = (index: number, side: 'left' | 'right') => `--key-figure-${index}-${side}`;

/** The offsets of each key column from the widths of their header cells (px). */
function offsetsOf(widths: readonly number[]): { left: number; right: number }[] {
  const all = widths.reduce((a, b) => a + b, 0);
  let before = 0;
  return widths.map((width) => {
    const offsets = { left: before, right: all - before - width };
    before += width;
    return offsets;
  });
}

/**
 * The pins of a table's key columns, by column id (`keys`, in column order). Their offsets are
 * measured from the header row after every render and whenever the table is resized (other rows,
 * the screen turned), and written on the table element as CSS variables, not kept as React state:
 * a new width then costs no second render of the whole table (it cost a synchronous one, row by
 * row, on every report's first render).
 */
export function useKeyFigurePins(
  table: RefObject<HTMLTableElement | null>,
  keys: readonly string[],
): ReadonlyMap<string, KeyFigurePin> {
  const count = keys.length;

  const measure = useCallback(() => {
    const el = table.current;
    if (!el) return;
    const header = el.tHead?.rows[el.tHead.rows.length - 1];
    const cells = header ? Array.from(header.cells).filter((c) => c.hasAttribute(KEY_FIGURE)) : [];
    offsetsOf(cells.map((c) => c.getBoundingClientRect().width)).forEach(({ left, right }, index) => {
      el.style.setProperty(offsetVariable(index, 'left'), `${left}px`);
      el.style.setProperty(offsetVariable(index, 'right'), `${right}px`);
    });
  }, [table]);

  useLayoutEffect(() => {
    if (count > 0) measure();
  });
  useEffect(() => {
    const el = table.current;
    if (!el || count === 0 || typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    return () => resized.disconnect();
  }, [table, count, measure]);

  return new Map(keys.map((key, index) => [key, { index }]));
}

/** What a cell (header, row or total) of a key column takes: its mark, its class and its offsets. */
export function keyFigureCell(pin: KeyFigurePin | undefined, style?: CSSProperties) {
  if (!pin) return { style };
  return {
    'data-key-figure': true,
    className: classes.pinned,
    style: {
      ...style,
      '--key-figure-left': `var(${offsetVariable(pin.index, 'left')}, 0px)`,
      '--key-figure-right': `var(${offsetVariable(pin.index, 'right')}, 0px)`,
    } as CSSProperties,
  };
}
