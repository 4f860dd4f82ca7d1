import { type RefObject, useEffect } from 'react';
import { clearStatementFit, fitStatementToPage, PRINT_LAYOUT_ATTRIBUTE } from './print-fit';

/**
 * Lays the page out for print and fits the statement on one A4 page whenever it is printed:
 * from `beforeprint` to `afterprint` (Print, Ctrl+P, a PDF), and while the print media matches
 * (print emulation). Meanwhile the screen behind the print dialog shows the printed layout.
 * `content` is the statement's data: a new statement is measured again.
 */
export function usePrintFit(ref: RefObject<HTMLElement | null>, content: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `content` is what the measure depends on (in the DOM).
  useEffect(() => {
    const media = window.matchMedia('print');
    let printing = false;
    const root = document.documentElement;

    const fit = () => {
      if (!ref.current) return;
      root.setAttribute(PRINT_LAYOUT_ATTRIBUTE, '');
      fitStatementToPage(ref.current);
    };
    const update = () => (printing || media.matches ? fit() : clearStatementFit(ref.current));
    const beforePrint = () => {
      printing = true;
      fit();
    };
    const afterPrint = () => {
      printing = false;
      update();
    };
    // The print media also starts to match while the browser prints: the fit is made by then.
    const mediaChange = () => {
      if (media.matches && root.hasAttribute(PRINT_LAYOUT_ATTRIBUTE)) return;
      update();
    };

    update();
    window.addEventListener('beforeprint', beforePrint);
    window.addEventListener('afterprint', afterPrint);
    media.addEventListener('change', mediaChange);
    return () => {
      window.removeEventListener('beforeprint', beforePrint);
      window.removeEventListener('afterprint', afterPrint);
      media.removeEventListener('change', mediaChange);
      clearStatementFit(ref.current);
    };
  }, [ref, content]);
}
