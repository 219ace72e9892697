// One alert to one browser's push service by the Web Push protocol: web-push encrypts it (aes128gcm) and signs it (VAPID); the request is ours.
import webpush from 'web-push';
import type { VapidKeys } from './vapid';

/** A browser's subscription as stored: where its push service takes messages, and the keys they are encrypted to. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How a message goes out: the server's keys and contact, how long the service may hold it, whether it is urgent. */
export interface PushOptions {
  keys: VapidKeys;
  subject: string;
  ttlSeconds: number;
  urgent: boolean;
  /** Aborts the request (the server is stopping). */
  signal?: AbortSignal;
}

/** Sent; gone (the service no longer knows the subscription: 404, 410, or keys nothing can encrypt to); or failed this time. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** A push service that has not answered by then is given up on for this alert. */
const PUSH_TIMEOUT_MS = 10_000;

/** The request's signal: the timeout, or the server stopping, whichever comes first. */
function stopOr(stop: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(PUSH_TIMEOUT_MS);
  return stop ? AbortSignal.any([timeout, stop]) : timeout;
}

/**
 * Posts `payload` to the target's push service. web-push's own sender speaks https only; building the request with
 * generateRequestDetails and posting it here also lets a test stand in for the vendor on http://127.0.0.1, and keeps
 * redirects unfollowed (the endpoint is the browser's word; the server goes nowhere else).
 */
export async function pushTo(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
      TTL: options.ttlSeconds,
      urgency: options.urgent ? 'high' : 'normal',
      contentEncoding: 'aes128gcm',
    });
  } catch {
    // Keys no message can be encrypted to: the subscription can never receive one.
    return 'gone';
  }
  // web-push writes some header values as numbers; fetch sets the length itself.
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  try {
    const res = await fetch(details.endpoint, { method: 'POST', headers, body: details.body ? Uint8Array.from(details.body) : null, redirect: 'manual', signal: stopOr(options.signal) });
    await res.body?.cancel();
    if (res.ok) return 'sent';
    return res.status === 404 || res.status === 410 ? 'gone' : 'failed';
  } catch {
    return 'failed';
  }
}
