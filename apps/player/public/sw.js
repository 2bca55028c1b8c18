// The player's service worker: keeps the app shell (index.html and the built assets) so that the
// player starts after a reload with no network. Media are cached by the page in Cache Storage
// (robot-ads-media-v1) and the schedule in IndexedDB; the API is never cached here.
const SHELL = 'robot-ads-player-shell-v1';
const scope = new URL(self.registration.scope);

async function cacheShell() {
  const cache = await caches.open(SHELL);
  const response = await fetch(scope.href, { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(scope.href, response);
  const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
    .map((m) => new URL(m[1], scope.href))
    .filter((u) => u.origin === scope.origin && u.pathname.startsWith(scope.pathname));
  // Hashed assets never change: fetch only those not held yet.
  await Promise.all(
    assets.map(async (u) => {
      if (!(await cache.match(u.href))) await cache.add(u.href).catch(() => undefined);
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('robot-ads-player-shell-') && key !== SHELL) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  if (request.mode === 'navigate') {
    // The page: the network first (to pick up a new build), the cached shell when offline.
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          if (response.ok) {
            const cache = await caches.open(SHELL);
            await cache.put(scope.href, response.clone());
            // A new build's assets, cached while we are online.
            cacheShell().catch(() => undefined);
          }
          return response;
        } catch {
          const cached = await caches.match(scope.href);
          return cached ?? Response.error();
        }
      })(),
    );
    return;
  }
  // Hashed assets never change: the cache first, then the network (and keep what it gives).
  event.respondWith(
    (async () => {
      const cached = await caches.match(request);
      if (cached) return cached;
      const response = await fetch(request);
      if (response.ok && url.pathname.includes('/assets/')) {
        const cache = await caches.open(SHELL);
        await cache.put(request, response.clone());
      }
      return response;
    })(),
  );
});
