// The server's VAPID key pair for web push: made at first start, kept in app_settings, the same for every process.
import webpush from 'web-push';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { appSettings } from '../db/schema';

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point, what PushManager.subscribe takes as applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

const KEY = 'vapid';

/** Keys already read, per database: they never change once stored. */
const known = new WeakMap<Db, Promise<VapidKeys>>();

function keysOf(value: Record<string, string> | undefined): VapidKeys | null {
  const publicKey = value?.publicKey;
  const privateKey = value?.privateKey;
  return publicKey && privateKey ? { publicKey, privateKey } : null;
}

async function loadOrMake(db: Db): Promise<VapidKeys> {
  // Two processes starting at once each offer a pair; the first insert wins and both read that one back. Changing the
  // keys later would orphan every browser's subscription, so they are never replaced.
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(appSettings)
    .values({ key: KEY, value: { publicKey: made.publicKey, privateKey: made.privateKey } })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  const keys = keysOf(row?.value);
  if (!keys) throw new Error('app_settings holds no usable VAPID key pair');
  return keys;
}

/** The server's VAPID keys, made and stored on first use (start-up asks first, so a fresh database gets them then). */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  let keys = known.get(db);
  if (!keys) {
    keys = loadOrMake(db);
    // A failed read (the database was down) is tried again next time rather than remembered.
    keys.catch(() => known.delete(db));
    known.set(db, keys);
  }
  return keys;
}
