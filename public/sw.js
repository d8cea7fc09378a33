/* global self, caches */
// The shopping list pages readable offline (issue 11 §6; docs/decisions/300-shopping-lists.md).
// Registered by the list page with the scope /shopping/. A list page is fetched from the network
// first and kept; with no connection the last kept copy answers, and the page's own write queue
// (localStorage) replays the shopper's check-offs when the connection returns. The page's
// scripts and styles (/_astro/, hashed, immutable) are kept as the page names them. A signed-out
// answer (a redirect to sign-in) forgets every kept page.
const CACHE = 'hm-shopping-lists-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function keep(request, response) {
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
}

self.addEventListener('message', (event) => {
  // the page lists what it needs offline: itself and its /_astro/ files
  const urls = Array.isArray(event.data?.keep) ? event.data.keep.filter((url) => typeof url === 'string' && new URL(url, self.location.origin).origin === self.location.origin) : [];
  event.waitUntil(
    Promise.all(
      urls.map(async (url) => {
        const response = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
        if (response && response.ok && !response.redirected) await keep(url, response);
      }),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith('/shopping/')) {
    event.respondWith(
      fetch(request)
        .then(async (response) => {
          if (response.redirected || response.status === 401 || response.status === 403) await caches.delete(CACHE);
          else if (response.ok) await keep(url.pathname + url.search, response.clone());
          return response;
        })
        .catch(async () => (await caches.match(url.pathname + url.search, { cacheName: CACHE })) ?? (await caches.match(url.pathname, { cacheName: CACHE })) ?? Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(
      caches.match(request, { cacheName: CACHE }).then(
        (hit) =>
          hit ??
          fetch(request).then(async (response) => {
            if (response.ok) await keep(request, response.clone());
            return response;
          }),
      ),
    );
  }
});
