/*
 * Service worker template; the build fills in the precache list and the version (scripts/vite/pwa.ts).
 * Navigations: network first, the cached app shell when offline. Hashed assets: cache first, cached on first use;
 * the published forms (/forms/<hash>.json and .js, immutable: a new version is a new URL) are such assets.
 * The API is never cached: money and profile data must be live. One exception: the forms manifest (which form
 * versions are published) is network first with the last copy as the fallback, so a step opened before still opens
 * offline. The staff console (/staff) is left to the network.
 */
/* global self, caches, fetch, URL, Response */
const PRECACHE = self.__PRECACHE__;
const VERSION = self.__VERSION__;
const SHELL_CACHE = `shell-${VERSION}`;
const RUNTIME_CACHE = `runtime-${VERSION}`;
// Published forms outlive an app update (their URLs do not change with it), so they keep a cache of their own.
const FORMS_CACHE = 'forms';
const MANIFEST_PATH = '/api/v1/forms/manifest';

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
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key !== SHELL_CACHE && key !== RUNTIME_CACHE && key !== FORMS_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
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

async function fromCacheThenNetwork(request, cacheName) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(cacheName).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function fromNetworkThenCache(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(FORMS_CACHE).then((cache) => cache.put(MANIFEST_PATH, copy));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(MANIFEST_PATH, { cacheName: FORMS_CACHE });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === MANIFEST_PATH) {
    event.respondWith(fromNetworkThenCache(request));
    return;
  }
  if (url.pathname.startsWith('/api/')) return;
  // The staff console (/staff, /staff/...) is another app: its pages are never answered with the borrower's shell.
  if (url.pathname === '/staff' || url.pathname.startsWith('/staff/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fromNetworkThenShell(request));
    return;
  }
  if (url.pathname === '/sw.js') return;
  event.respondWith(fromCacheThenNetwork(request, url.pathname.startsWith('/forms/') ? FORMS_CACHE : RUNTIME_CACHE));
});
