import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { endSession } from '../lib/session';

// findBy* and waitFor wait up to 5 s (the library's default is 1 s): on a busy machine a page's
// first answer and render can take longer than a second, and a wait that passes ends at once.
configure({ asyncUtilTimeout: 5_000 });

/**
 * A width query (`(min-width: 62em)`, `(max-width: 48em)`) against jsdom's window (1024 px wide: a
 * desktop screen, whose header holds the menus); any other query does not match.
 */
function matchesWindowWidth(query: string): boolean {
  const width = /^\((min|max)-width:\s*([\d.]+)(em|px)\)$/.exec(query.trim());
  if (!width) return false;
  const px = Number(width[2]) * (width[3] === 'em' ? 16 : 1);
  return width[1] === 'min' ? window.innerWidth >= px : window.innerWidth <= px;
}

/**
 * jsdom lacks a few browser APIs that Mantine uses: matchMedia (colour scheme, breakpoints),
 * ResizeObserver (floating elements), scrollIntoView (menus, comboboxes).
 */
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: matchesWindowWidth(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// jsdom's own scrollTo only logs "not implemented".
window.scrollTo = () => {};

// Every test starts signed out, with real timers and the real fetch restored.
afterEach(() => {
  cleanup();
  endSession();
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
