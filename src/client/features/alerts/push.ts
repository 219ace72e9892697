// The browser's side of alerts while away: the service worker's registration, the notification permission and the push subscription.
import { base64UrlBytes, madeWithKey } from './model';

/** What this browser can do: push alerts, nothing (no service workers or Push API), or not here (not https or localhost). */
export type PushSupport = 'supported' | 'unsupported' | 'insecure';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return window.isSecureContext ? 'supported' : 'insecure';
}

/** The notification permission as it stands ('default' until asked). */
export function notificationPermission(): NotificationPermission {
  return 'Notification' in window ? Notification.permission : 'denied';
}

/** Thrown when the player (or the browser's settings) refused notifications. */
export class PermissionRefused extends Error {
  constructor() {
    super('Alerts need your permission to show notifications.');
  }
}

/** The game's service worker registration, if this browser has one. Only this feature registers it: the landing page stays light. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

/** This browser's push subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const found = await registration();
  return found ? found.pushManager.getSubscription() : null;
}

/**
 * Registers the service worker, asks for the notification permission and subscribes with the server's key (a
 * subscription made with another key, from before the server's keys changed, is replaced).
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const ready = await navigator.serviceWorker.ready;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionRefused();
  const existing = await ready.pushManager.getSubscription();
  if (existing && madeWithKey(existing.options.applicationServerKey, publicKey)) return existing;
  await existing?.unsubscribe();
  return ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) });
}

/** Ends this browser's subscription; its endpoint, for the server to forget (null when there was none). */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
