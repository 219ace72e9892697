// A player's browsers subscribed to alerts (the standard Push API's subscriptions) with the alerts each wants, and the list of their last alerts.
import { createECDH } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { RequestBody, Schema } from '../../contract';
import type { Db } from '../db/open';
import { alerts, pushSubscriptions } from '../db/schema';
import { badRequest, say, worded } from '../errors';
import { ALERT_KINDS, ALERT_LIST_SIZE, DEFAULT_ALERTS, type AlertKind } from '../../rules/alerts';
import type { PlayerId } from '../../rules/ids';
import { vapidKeys } from './vapid';

export type AlertSettingsView = Schema<'AlertSettings'>;

/** Browsers one player may subscribe; saving one more forgets the one saved longest ago. */
export const SUBSCRIPTIONS_PER_PLAYER = 10;

export const ENDPOINT_NOT_HTTPS = 'A push endpoint must be an https address';
export const ENDPOINT_NOT_PUBLIC = 'A push endpoint must be a push service on the internet, not an address of a private network';

const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/** Addresses of this machine and of private networks: no push service lives there, the game's own services might. */
const PRIVATE_NETWORKS = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  PRIVATE_NETWORKS.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['::ffff:0:0', 96]] as const) PRIVATE_NETWORKS.addSubnet(net, prefix, 'ipv6');

/** A host that names this machine or a private network: a private address, or a name no public push service has. */
function privateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(host);
  if (family !== 0) return PRIVATE_NETWORKS.check(host, family === 4 ? 'ipv4' : 'ipv6');
  return !host.includes('.') || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host);
}

/**
 * Why the server will not post to `endpoint`, or null. Push services are https; plain http only on this machine and only
 * when PUSH_LOOPBACK allows it (a local push service in tests). The endpoint is the browser's word: anything else would
 * let a player make the server post wherever they like, so https to a private address or a local name is refused too
 * (a name that resolves to a private address is not caught here: the posts carry only encrypted alerts, no redirects).
 */
export function endpointRefusal(endpoint: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return ENDPOINT_NOT_HTTPS;
  }
  if (url.username || url.password) return ENDPOINT_NOT_HTTPS;
  if (url.protocol === 'https:') return privateHost(url.hostname) ? ENDPOINT_NOT_PUBLIC : null;
  return allowLoopback && url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname) ? null : ENDPOINT_NOT_HTTPS;
}

/** Whether the keys are a browser's: p256dh a point of P-256 (messages are encrypted to it), auth a 16-byte secret. */
function keysUsable({ p256dh, auth }: { p256dh: string; auth: string }): boolean {
  if (Buffer.from(auth, 'base64url').length !== 16) return false;
  try {
    // Deriving a secret with the key fails for anything that is not a point of the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/** The kinds in the order the game lists them. */
function ordered(kinds: readonly AlertKind[]): AlertKind[] {
  return ALERT_KINDS.filter((kind) => kinds.includes(kind));
}

/** The player's last alerts, newest first (ALERT_LIST_SIZE at most). */
export async function listAlerts(db: Db, userId: PlayerId): Promise<Schema<'AlertList'>> {
  const rows = await db
    .select({ id: alerts.id, kind: alerts.kind, title: alerts.title, body: alerts.body, url: alerts.url, createdAt: alerts.createdAt })
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(ALERT_LIST_SIZE);
  return { alerts: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/** The server's public key, and what the browser at `endpoint` receives if it is this player's (the defaults otherwise). */
export async function alertSettings(db: Db, { userId, endpoint }: { userId: PlayerId; endpoint: string | null }): Promise<AlertSettingsView> {
  const [{ publicKey }, [row]] = await Promise.all([
    vapidKeys(db),
    endpoint
      ? db
          .select({ kinds: pushSubscriptions.kinds })
          .from(pushSubscriptions)
          .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
      : Promise.resolve([]),
  ]);
  return { publicKey, subscribed: row !== undefined, kinds: ordered(row?.kinds ?? DEFAULT_ALERTS) };
}

/** Who subscribes, when, and whether a push service on this machine over http is allowed (config PUSH_LOOPBACK). */
export interface Subscriber {
  userId: PlayerId;
  now: Date;
  allowLoopback: boolean;
}

/**
 * Keeps the browser's subscription and the alerts it wants. The endpoint names one browser profile: saved again by
 * another player (someone else signed in there), it becomes theirs, so the first player's alerts stop going there.
 */
export async function saveSubscription(db: Db, { userId, now, allowLoopback }: Subscriber, input: RequestBody<'saveAlertSubscription'>): Promise<AlertSettingsView> {
  const { endpoint, keys } = input.subscription;
  const refusal = endpointRefusal(endpoint, allowLoopback);
  if (refusal) throw badRequest(worded(refusal), [{ field: 'subscription.endpoint', message: refusal }]);
  if (!keysUsable(keys)) throw badRequest('bad_push_keys', [{ field: 'subscription.keys', ...say('bad_push_keys') }]);
  const kinds = ordered(input.kinds);
  const { publicKey } = await vapidKeys(db);
  await db.transaction(async (tx) => {
    const row = { userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, kinds, createdAt: now };
    await tx.insert(pushSubscriptions).values(row).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
    // The player's newest SUBSCRIPTIONS_PER_PLAYER browsers stay; a browser long gone stops costing a push per alert.
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(SUBSCRIPTIONS_PER_PLAYER);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  });
  return { publicKey, subscribed: true, kinds };
}

/** No alert goes to the browser at `endpoint` any more (only the player's own subscription; nothing to do when there is none). */
export async function deleteSubscription(db: Db, userId: PlayerId, endpoint: string): Promise<{ ok: true }> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
  return { ok: true };
}
