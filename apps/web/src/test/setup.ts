import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { endSession } from '../lib/session';

// findBy* and waitFor wait up to 5 s (the library's default is 1 s): on a busy machine a page's
// first answer and render can take longer than a second, and a wait that passes ends at once.
configure({ asyncUtilTimeout: 5_000 });

/**
 * jsdom lacks a few browser APIs that Mantine uses: matchMedia (colour scheme, breakpoints),
 * ResizeObserver (floating elements), scrollIntoView (menus, comboboxes).
 */
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
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
