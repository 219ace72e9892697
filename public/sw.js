// The game's service worker (alerts while away): shows the alerts the server pushes while no window of the game is in view, and opens the right page when one is clicked.
// Plain JavaScript served as it is from /sw.js (scope /), registered only by the settings page's Alerts section.

/** An alert's page if it is one of this game's (same origin); the alerts page otherwise. */
function pageOf(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '/game/alerts', self.location.origin);
    if (target.origin === self.location.origin) return target.pathname + target.search + target.hash;
  } catch {
    // Not an address: fall through.
  }
  return '/game/alerts';
}

/** The push's alert ({ title, body, url }), or null for a push that is not one. */
function alertOf(event) {
  try {
    const data = event.data ? event.data.json() : null;
    if (!data || typeof data.title !== 'string') return null;
    return { title: data.title, body: typeof data.body === 'string' ? data.body : '', url: pageOf(data.url) };
  } catch {
    return null;
  }
}

/** The open windows of the game (this origin), controlled by this worker or not. */
function gameWindows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

self.addEventListener('install', (event) => {
  // A new version takes over at once: it only shows notifications, so nothing of the old one needs to finish.
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const alert = alertOf(event);
  if (!alert) return;
  event.waitUntil(
    (async () => {
      // The second guard of "never for what the player is looking at" (the server skips players with a live stream open):
      // a window of the game in view hears of it through its own stream.
      const windows = await gameWindows();
      if (windows.some((w) => w.visibilityState === 'visible' || w.focused)) return;
      await self.registration.showNotification(alert.title, {
        body: alert.body,
        icon: '/favicon.svg',
        badge: '/favicon.svg',
        data: { url: alert.url },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const page = pageOf(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await gameWindows();
      // A window of the game already open is brought forward and shown the page; else a new one opens there.
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/game')) || windows[0];
      if (open) {
        try {
          const focused = await open.focus();
          await (focused || open).navigate(page);
          return;
        } catch {
          // A window this worker does not control cannot be navigated: open the page in a new one.
        }
      }
      await self.clients.openWindow(page);
    })(),
  );
});
