// The static site's service worker (docs/site.md): keeps a copy of every
// file of the site the page has loaded, so that the page opens and plays
// offline once it has been loaded. It asks the network first (a new build
// of the site replaces the copy) and answers from the copy when there is
// no network. Only the site's own files: no request leaves the page.
'use strict';

const CACHE = 'gunbai-site-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  e.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const fresh = await fetch(req);
      if (fresh.ok) await cache.put(req, fresh.clone());
      return fresh;
    } catch (err) {
      const kept = await cache.match(req, { ignoreSearch: new URL(req.url).pathname.endsWith('/') || req.mode === 'navigate' });
      if (kept) return kept;
      throw err;
    }
  })());
});
