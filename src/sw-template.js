/*
 * Service worker template; the build fills in the precache list and the version (scripts/vite/pwa.ts).
 * Navigations: network first, the cached app shell when offline. Hashed assets: cache first, cached on first use.
 * The API is never cached: money and profile data must be live. The staff console (/staff) is left to the network.
 */
/* global self, caches, fetch, URL, Response */
const PRECACHE = self.__PRECACHE__;
const VERSION = self.__VERSION__;
const SHELL_CACHE = `shell-${VERSION}`;
const RUNTIME_CACHE = `runtime-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL_CACHE && key !== RUNTIME_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function fromNetworkThenShell(request) {
  try {
    return await fetch(request);
  } catch {
    const shell = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    return shell ?? Response.error();
  }
}

async function fromCacheThenNetwork(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(RUNTIME_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  // The staff console (/staff, /staff/...) is another app: its pages are never answered with the borrower's shell.
  if (url.pathname === '/staff' || url.pathname.startsWith('/staff/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fromNetworkThenShell(request));
    return;
  }
  if (url.pathname === '/sw.js') return;
  event.respondWith(fromCacheThenNetwork(request));
});
