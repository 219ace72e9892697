// Alerts while away on the client: the kinds a player may choose, and a browser's push subscription as the server takes it.
import { ALERT_KINDS, type AlertKind } from '../../../rules/alerts';
import type { AlertSubscriptionRequest } from '../../api/alerts';

/** The bytes of a base64url text (the server's public key), as PushManager.subscribe takes them. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Whether a subscription was made with `publicKey` (a server whose keys changed needs a new one). */
export function madeWithKey(applicationServerKey: ArrayBuffer | null, publicKey: string): boolean {
  if (!applicationServerKey) return false;
  const have = new Uint8Array(applicationServerKey);
  const want = base64UrlBytes(publicKey);
  return have.length === want.length && have.every((byte, i) => byte === want[i]);
}

/** The request that saves a subscription (PushSubscription.toJSON()) with the chosen kinds; null when it lacks its keys. */
export function subscriptionRequest(json: PushSubscriptionJSON, kinds: readonly AlertKind[]): AlertSubscriptionRequest | null {
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) return null;
  return { subscription: { endpoint: json.endpoint, keys: { p256dh, auth } }, kinds: ALERT_KINDS.filter((kind) => kinds.includes(kind)) };
}

/** The kinds with `kind` switched on or off. */
export function toggled(kinds: readonly AlertKind[], kind: AlertKind, on: boolean): AlertKind[] {
  return ALERT_KINDS.filter((k) => (k === kind ? on : kinds.includes(k)));
}

/** An alert's page, if it is one of the game's (alerts only ever name those; anything else opens the alerts page). */
export function gamePath(url: string): string {
  return url.startsWith('/game/') || url === '/game' ? url : '/game/alerts';
}
