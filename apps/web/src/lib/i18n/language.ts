import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@playrep/contracts';
import { useSyncExternalStore } from 'react';
import type { HindiCatalogue } from './hindi-catalogue-type';

/**
 * The language the person reads the app in (docs/decisions/0021-languages.md). Before sign-in the
 * browser keeps the choice (localStorage); after sign-in the account does, and the sign-in answer
 * brings it here. English needs nothing loaded: its texts are in the code. Hindi's catalogue is a
 * chunk of its own, fetched when Hindi is chosen (or was chosen on an earlier visit), and the
 * language switches once it has arrived, so that no screen shows half of each.
 */

/** The localStorage key of the browser's choice. */
export const LANGUAGE_STORAGE_KEY = 'language';

let current: Language = DEFAULT_LANGUAGE;
let hindi: HindiCatalogue | null = null;
const listeners = new Set<() => void>();

function localStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

/** The language this browser last chose; English when none or unreadable. */
export function storedLanguage(): Language {
  const value = localStore()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The Hindi catalogue, once loaded (its own chunk). */
export async function loadHindi(): Promise<HindiCatalogue> {
  if (!hindi) hindi = (await import('./catalogue-hi')).HI;
  return hindi;
}

/**
 * Switches to `language` (after loading its catalogue) and remembers it in this browser. Screens
 * re-render through useLanguage.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  if (language === 'hi') await loadHindi();
  localStore()?.setItem(LANGUAGE_STORAGE_KEY, language);
  if (language === current) return;
  current = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/**
 * The browser's remembered language, made current: call before the first render (boot.tsx). Null
 * for English, which needs nothing loaded: the page renders at once.
 */
export function startLanguage(): Promise<void> | null {
  const language = storedLanguage();
  return language === DEFAULT_LANGUAGE ? null : chooseLanguage(language);
}

/** The current language, outside React (the api client's Accept-Language). */
export function currentLanguage(): Language {
  return current;
}

/** The Hindi catalogue when Hindi is the current language, else null (English). */
export function currentHindi(): HindiCatalogue | null {
  return current === 'hi' ? hindi : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language; the component re-renders when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, () => DEFAULT_LANGUAGE);
}
