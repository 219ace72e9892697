// The device cookie: a random name a browser keeps for long, given on its first sign-in, so two accounts signing in from one browser can be told apart from two people.
import { randomBytes } from 'node:crypto';

/** Sent only to the sign-in calls (register, login, the Discord redeem), the only ones that read it. */
export const DEVICE_COOKIE = 'vikings_device';
const DEVICE_PATH = '/api/auth';
/** Browsers keep a cookie 400 days at most, whatever it asks. */
const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 3600;

/** 32 random bytes, base64url: nobody guesses another browser's name. */
export function newDeviceId(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a cookie's value is one the server gave: anything else (hand-made, truncated) counts as no cookie. */
export function isDeviceId(value: string | null): value is string {
  return value !== null && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** The browser's device name from its cookie, or a new one to give it (`fresh`) when it has none. */
export function deviceOf(cookie: string | null): { id: string; fresh: boolean } {
  return isDeviceId(cookie) ? { id: cookie, fresh: false } : { id: newDeviceId(), fresh: true };
}

/**
 * The Set-Cookie value giving a browser its device name: HttpOnly (no script reads it), SameSite=Lax, and Secure only
 * over HTTPS (on a plain-http LAN a Secure cookie would never come back).
 */
export function deviceCookie(id: string, https: boolean): string {
  return `${DEVICE_COOKIE}=${id}; Path=${DEVICE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_MAX_AGE_SECONDS}${https ? '; Secure' : ''}`;
}
