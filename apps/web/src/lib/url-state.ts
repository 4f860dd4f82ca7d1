import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Filter values as they live in the URL: every one a string ('' for an empty field). */
export type UrlFilters<T extends Record<string, string>> = { [K in keyof T]: string };

export interface SetFiltersOptions {
  /**
   * 'push' (default) adds a history entry, for Search / Show Details: Back then restores the
   * previous view. 'replace' rewrites the current entry, for trivial changes (the open section).
   */
  history?: 'push' | 'replace';
}

/**
 * Reads the filters named by `defaults` from the search params: a present param wins (even when
 * empty), an absent one gives the default. Pure, for the hook and its tests.
 */
export function readFilters<T extends Record<string, string>>(params: URLSearchParams, defaults: T): UrlFilters<T> {
  const filters: Record<string, string> = {};
  for (const [key, fallback] of Object.entries(defaults)) filters[key] = params.get(key) ?? fallback;
  return filters as UrlFilters<T>;
}

/**
 * The search params after writing `filters` over `params`: params of other owners are kept; each
 * filter is written explicitly, so a shared link shows the same view on another day even when a
 * default depends on the date. Only an empty value whose default is also empty is left out.
 * readFilters(writeFilters(p, f, d), d) equals f.
 */
export function writeFilters<T extends Record<string, string>>(
  params: URLSearchParams,
  filters: UrlFilters<T>,
  defaults: T,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<string, string> = filters;
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = values[key] ?? fallback;
    if (value === '' && fallback === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * A report's filters kept in the page URL, so a link can be shared and Back restores the last
 * view. `defaults` names the filters and gives their values when the URL has none.
 *
 * setFilters(patch, { history }) merges the patch into the current filters and navigates; it
 * returns false (and adds no history entry) when no filter value would change, so a page can refetch
 * instead on a repeated Show Details.
 */
export function useUrlFilters<T extends Record<string, string>>(defaults: T) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Callers usually pass a fresh object literal: key the memo on its content.
  const defaultsKey = JSON.stringify(defaults);
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults is tracked through defaultsKey
  const stableDefaults = useMemo(() => defaults, [defaultsKey]);
  const search = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: searchParams is tracked through its string
  const filters = useMemo(() => readFilters(searchParams, stableDefaults), [search, stableDefaults]);

  const setFilters = useCallback(
    (patch: Partial<UrlFilters<T>>, options: SetFiltersOptions = {}): boolean => {
      const current = new URLSearchParams(search);
      const before = readFilters(current, stableDefaults);
      const merged = { ...before, ...patch } as UrlFilters<T>;
      if (Object.keys(stableDefaults).every((key) => before[key] === merged[key])) return false;
      const next = writeFilters(current, merged, stableDefaults);
      const replace = options.history === 'replace';
      setSearchParams(next, { replace, preventScrollReset: replace });
      return true;
    },
    [search, stableDefaults, setSearchParams],
  );

  return { filters, setFilters };
}
