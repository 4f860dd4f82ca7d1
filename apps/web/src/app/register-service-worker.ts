/**
 * Registers the service worker that keeps the app's files (vite.config.ts) once the page has loaded,
 * no file has arrived for two seconds and the browser is idle: its precache (the whole app) then
 * does not compete with the first screen's scripts and answer on a phone's connection. A new version
 * still waits until every tab of the app is closed.
 */
export function registerServiceWorkerWhenQuiet(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    let arrived = -1;
    const whenQuiet = () => {
      const now = performance.getEntriesByType('resource').length;
      if (now !== arrived) {
        arrived = now;
        setTimeout(whenQuiet, 2_000);
      } else if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
      else register();
    };
    whenQuiet();
  });
}
