// Beacon's service worker: keeps the app's own files so the page opens at once, installs to the home screen, and
// can still say "Cannot reach Beacon" when the machine is off. Network first, so a new Beacon's files win at once.
// Never touches /api (pairing) or /ws (the live session): those must always reach the machine itself.
'use strict';
const CACHE = 'beacon-shell-4'; // a new name for every change of the page, so the new service worker fetches it again
const SHELL = ['/', '/app.css', '/app.js', '/manifest.webmanifest', '/icon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api') || url.pathname.startsWith('/ws')) return;
  // Every deep link (/find?object=cup …) is the same page: offline, the cached page stands in for all of them.
  const isPage = request.mode === 'navigate';
  const key = isPage ? '/' : url.pathname;
  if (!isPage && !SHELL.includes(key)) return;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok && !isPage) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  }).catch(() => caches.match(key).then((cached) => cached || Response.error())));
});
