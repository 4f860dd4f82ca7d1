import { useEffect, useSyncExternalStore } from 'react';

/**
 * The report answers on screen now that came from the device instead of the server
 * (report-call.ts), so that the page's frame can say so once, with the oldest one's time.
 */
const shown = new Map<symbol, number>();
const listeners = new Set<() => void>();
let oldest: number | undefined;

function changed(): void {
  oldest = shown.size === 0 ? undefined : Math.min(...shown.values());
  for (const listener of [...listeners]) listener();
}

/** A report hook's part: while its answer on screen came from the device, when that answer was fetched. */
export function useShownFromDevice(fetchedAt: number | undefined): void {
  useEffect(() => {
    if (fetchedAt === undefined) return;
    const id = Symbol('answer from the device');
    shown.set(id, fetchedAt);
    changed();
    return () => {
      shown.delete(id);
      changed();
    };
  }, [fetchedAt]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** When the oldest answer on screen from the device was fetched; undefined when every answer came from the server. */
export function useOldestShownFromDevice(): number | undefined {
  return useSyncExternalStore(
    subscribe,
    () => oldest,
    () => undefined,
  );
}
