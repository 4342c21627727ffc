// Service worker: precache every file of the deploy, then serve from the cache
// first, so the game works offline after the first load. build.py fills in the
// version (a hash of all content) and the file list; a new deploy changes this
// file, which is how the browser notices it.

const VERSION = "__PDK_VERSION__";
const PRECACHE = [/*__PDK_PRECACHE__*/];
// (The engine's heap snapshot lives in its own cache, "paodekuai.snapshot", outside
// this prefix: heap_snapshot.js replaces it per deploy.)
const CACHE_PREFIX = "paodekuai-";
const CACHE = `${CACHE_PREFIX}${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // "no-cache": revalidate with the server, so a stale HTTP cache entry of an
      // older deploy never lands in this version's cache.
      cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      );
      // Take over the page that registered us, so it is offline-ready without a reload.
      await self.clients.claim();
    })(),
  );
});

// A waiting new version takes over only when the page asks (an update prompt, later).
self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const key = request.mode === "navigate" ? new URL("./", self.registration.scope).href : request;
      const cached = await cache.match(key, { ignoreSearch: true });
      return cached ?? fetch(request);
    })(),
  );
});
