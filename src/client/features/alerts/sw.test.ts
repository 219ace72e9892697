// The service worker (public/sw.js) in a stand-in worker scope: a push shows its notification unless a window of the game is in view, a click opens its page.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync(resolve(import.meta.dirname, '../../../../public/sw.js'), 'utf8');
const ORIGIN = 'https://vikings.example';

interface FakeWindow {
  url: string;
  visibilityState: 'visible' | 'hidden';
  focused: boolean;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function fakeWindow(path: string, visibilityState: 'visible' | 'hidden' = 'hidden'): FakeWindow {
  const win: FakeWindow = { url: `${ORIGIN}${path}`, visibilityState, focused: false, focus: vi.fn(), navigate: vi.fn(async () => win) };
  win.focus.mockImplementation(async () => win);
  return win;
}

/** Loads sw.js into a scope of its own, with `windows` open; answers its listeners and what it called. */
function worker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => undefined),
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => windows), openWindow, claim: vi.fn(async () => undefined) },
  };
  runInNewContext(SOURCE, { self, URL });
  /** Fires an event and waits for what it handed to waitUntil. */
  async function fire(type: string, event: Record<string, unknown>): Promise<void> {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }
  return { fire, showNotification, openWindow };
}

const push = (data: unknown) => ({ data: { json: () => data } });

describe('the service worker', () => {
  it('shows a pushed alert with its page, the game closed', async () => {
    const sw = worker([fakeWindow('/game/village')]);
    await sw.fire('push', push({ title: 'Incoming attack on Eriksby — arrives 14:05:30 UTC', body: 'An attack from ...', url: '/game/army' }));
    expect(sw.showNotification).toHaveBeenCalledWith('Incoming attack on Eriksby — arrives 14:05:30 UTC', {
      body: 'An attack from ...',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: '/game/army' },
    });
  });

  it('shows nothing while a window of the game is in view', async () => {
    const sw = worker([fakeWindow('/game/map', 'visible')]);
    await sw.fire('push', push({ title: 'Message from Astrid', body: 'Hi', url: '/game/messages/1' }));
    expect(sw.showNotification).not.toHaveBeenCalled();
  });

  it('never opens another site, and ignores a push that is not an alert', async () => {
    const sw = worker();
    await sw.fire('push', push({ title: 'Odd', body: 'x', url: 'https://elsewhere.example/steal' }));
    expect(sw.showNotification).toHaveBeenCalledWith('Odd', expect.objectContaining({ data: { url: '/game/alerts' } }));
    await sw.fire('push', push('not an alert'));
    await sw.fire('push', { data: { json: () => JSON.parse('{') } });
    expect(sw.showNotification).toHaveBeenCalledTimes(1);
  });

  it('brings an open window of the game forward at the page a click asks for', async () => {
    const open = fakeWindow('/game/village');
    const sw = worker([open]);
    const close = vi.fn();
    await sw.fire('notificationclick', { notification: { close, data: { url: '/game/army' } } });
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith('/game/army');
    expect(sw.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window at the page when none is open, or when the open one cannot be navigated', async () => {
    const sw = worker();
    await sw.fire('notificationclick', { notification: { close: vi.fn(), data: { url: '/game/reports' } } });
    expect(sw.openWindow).toHaveBeenCalledWith('/game/reports');

    const stranger = fakeWindow('/dashboard');
    stranger.navigate.mockRejectedValue(new TypeError('not controlled'));
    const other = worker([stranger]);
    await other.fire('notificationclick', { notification: { close: vi.fn(), data: { url: '/game/messages/7' } } });
    expect(other.openWindow).toHaveBeenCalledWith('/game/messages/7');
  });
});
