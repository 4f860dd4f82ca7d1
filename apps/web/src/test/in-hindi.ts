import { act } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { chooseLanguage, LANGUAGE_STORAGE_KEY } from '../lib/i18n/language';

/**
 * Every test of the calling file reads the app in Hindi, as a browser that chose it does (the
 * choice kept, the catalogue loaded before the first render); English again after each test.
 */
export function readInHindi(): void {
  beforeEach(async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    await act(() => chooseLanguage('hi'));
  });
  afterEach(async () => {
    await act(() => chooseLanguage('en'));
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  });
}
