/**
 * Registers the service worker that keeps this page readable offline (public/sw.js) and hands it
 * this page and its /_astro/ files to keep.
 */
export function keepForOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/shopping/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const assets = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.startsWith('/_astro/'));
      registration.active?.postMessage({ keep: [`${location.pathname}${location.search}`, ...assets] });
    })
    .catch(() => undefined);
}
