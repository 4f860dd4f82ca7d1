import { type CSSProperties, type RefObject, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import classes from './KeyFigures.module.css';

/**
 * Where a key-figure column (the figure a row exists for) is held on a narrow screen: its distance
 * from the box's left edge (the widths of the key columns before it) and from its right edge (those
 * after it), so that two key columns side by side stay side by side.
 */
export interface KeyFigurePin {
  left: number;
  right: number;
}

const KEY_FIGURE = 'data-key-figure';

/** The offsets of each key column from the widths of their header cells (px). */
function pinsOf(widths: readonly number[]): KeyFigurePin[] {
  const all = widths.reduce((a, b) => a + b, 0);
  let before = 0;
  return widths.map((width) => {
    const pin = { left: before, right: all - before - width };
    before += width;
    return pin;
  });
}

const samePins = (a: readonly KeyFigurePin[], b: readonly KeyFigurePin[]) =>
  a.length === b.length && a.every((p, i) => p.left === b[i]!.left && p.right === b[i]!.right);

/**
 * The pins of a table's key columns, by column id (`keys`, in column order), measured from its
 * header row after every render and whenever the table is resized (other rows, the screen turned).
 */
export function useKeyFigurePins(
  table: RefObject<HTMLTableElement | null>,
  keys: readonly string[],
): ReadonlyMap<string, KeyFigurePin> {
  const count = keys.length;
  const [pins, setPins] = useState<KeyFigurePin[]>(() => pinsOf(new Array<number>(count).fill(0)));

  const measure = useCallback(() => {
    const el = table.current;
    if (!el) return;
    const header = el.tHead?.rows[el.tHead.rows.length - 1];
    const cells = header ? Array.from(header.cells).filter((c) => c.hasAttribute(KEY_FIGURE)) : [];
    const next = pinsOf(cells.map((c) => c.getBoundingClientRect().width));
    setPins((prev) => (samePins(prev, next) ? prev : next));
  }, [table]);

  useLayoutEffect(measure);
  useEffect(() => {
    const el = table.current;
    if (!el || count === 0 || typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    return () => resized.disconnect();
  }, [table, count, measure]);

  return new Map(keys.map((key, i) => [key, pins[i] ?? { left: 0, right: 0 }]));
}

/** What a cell (header, row or total) of a key column takes: its mark, its class and its offsets. */
export function keyFigureCell(pin: KeyFigurePin | undefined, style?: CSSProperties) {
  if (!pin) return { style };
  return {
    'data-key-figure': true,
    className: classes.pinned,
    style: { ...style, '--key-figure-left': `${pin.left}px`, '--key-figure-right': `${pin.right}px` } as CSSProperties,
  };
}
