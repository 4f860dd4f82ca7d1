import { Text } from '@mantine/core';
import { type HTMLAttributes, type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { message } from '../../../lib/i18n/messages';
import classes from './SideScroll.module.css';

/** The visible and spoken hint of a box whose content is wider than the screen. */

interface Edges {
  left: boolean;
  right: boolean;
}

/** Which edges have content behind them (one pixel of rounding allowed). */
function edgesOf(el: HTMLElement): Edges {
  const hidden = el.scrollWidth - el.clientWidth;
  return { left: el.scrollLeft > 1, right: el.scrollLeft < hidden - 1 };
}

interface SideScrollProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Name of the box as a region while it scrolls (the table's name). */
  label: string;
  children: ReactNode;
}

/**
 * A box for content that may be wider than the screen (a table on a phone). While it is, it shows
 * it: a shadow on each edge that has more behind it, a short hint above, and it becomes a
 * focusable region named `label` and described by the hint, so keys scroll it too. Other
 * attributes (aria-busy, className, style) go to the scrolling element.
 */
export function SideScroll({ label, children, className, ...scrollerProps }: SideScrollProps) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [edges, setEdges] = useState<Edges>({ left: false, right: false });

  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const next = edgesOf(el);
    setEdges((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
  }, []);

  // The content changes with every render (rows, columns): measure after each.
  useLayoutEffect(update);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.addEventListener('scroll', update, { passive: true });
    // The screen turns or the box's content is resized without a render here.
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resized?.observe(el);
    for (const child of Array.from(el.children)) resized?.observe(child);
    return () => {
      el.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, [update]);

  const scrolls = edges.left || edges.right;
  return (
    <div>
      {scrolls && (
        <Text id={hintId} size="xs" className={classes.hint} data-side-scroll-hint>
          {message('report.scrollSideways')}
          <span aria-hidden="true"> →</span>
        </Text>
      )}
      <div className={classes.viewport} data-more-left={edges.left || undefined} data-more-right={edges.right || undefined}>
        <div
          {...scrollerProps}
          ref={ref}
          className={className ? `${classes.scroller} ${className}` : classes.scroller}
          {...(scrolls ? { role: 'region', 'aria-label': label, 'aria-describedby': hintId, tabIndex: 0 } : {})}
        >
          {children}
        </div>
        <span aria-hidden="true" className={`${classes.shadow} ${classes.left}`} data-side-shadow="left" />
        <span aria-hidden="true" className={`${classes.shadow} ${classes.right}`} data-side-shadow="right" />
      </div>
    </div>
  );
}
