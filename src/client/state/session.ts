// The signed-in session (token and user, mirrored to localStorage) and the auth status the route guards read.
import { atom, getDefaultStore } from 'jotai';
import type { components } from '../../contract';

export type User = components['schemas']['User'];
export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

/** localStorage keys named by SPEC section 9 ("Token and user are stored in local storage"). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

/**
 * The app uses jotai's default store so code outside React (the API middleware) reads and
 * clears the same session the components see.
 */
export const sessionStore = getDefaultStore();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Private modes and sandboxed frames can throw on access; the session then lives in memory only.
    return null;
  }
}

function readStoredToken(): string | null {
  const token = storage()?.getItem(TOKEN_KEY);
  return token ? token : null;
}

function readStoredUser(): User | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && 'username' in parsed ? (parsed as User) : null;
  } catch {
    return null;
  }
}

function writeStored(key: string, value: string | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Quota or privacy errors: keep the in-memory session working.
  }
}

const tokenBase = atom<string | null>(readStoredToken());
const userBase = atom<User | null>(readStoredUser());

/** The bearer token; writing it also writes (or removes) localStorage `token`. */
export const tokenAtom = atom(
  (get) => get(tokenBase),
  (_get, set, token: string | null) => {
    writeStored(TOKEN_KEY, token);
    set(tokenBase, token);
  },
);

/** The signed-in user; writing it also writes (or removes) localStorage `user` as JSON. */
export const userAtom = atom(
  (get) => get(userBase),
  (_get, set, user: User | null) => {
    writeStored(USER_KEY, user ? JSON.stringify(user) : null);
    set(userBase, user);
  },
);

/** The signed-in player's id: what the player's queries are filed under (see queryKeys.ts). */
export const userIdAtom = atom((get) => get(userBase)?.id ?? null);

/** A stored token starts as 'loading' until /api/auth/me confirms it (see app/AuthBootstrap). */
export const authStatusAtom = atom<AuthStatus>(readStoredToken() ? 'loading' : 'anonymous');

/** Signs in: token, user and status change together so guards never see half a session. */
export const signInAtom = atom(null, (_get, set, session: { token: string; user: User }) => {
  set(tokenAtom, session.token);
  set(userAtom, session.user);
  set(authStatusAtom, 'authenticated');
});

/** Refreshes the user of a verified session (after /api/auth/me). */
export const confirmUserAtom = atom(null, (_get, set, user: User) => {
  set(userAtom, user);
  set(authStatusAtom, 'authenticated');
});

/** Signs out locally: drops the stored token and user (and, in a sitting session, the sitter's own one kept to go back to). */
export const signOutAtom = atom(null, (_get, set) => {
  set(tokenAtom, null);
  set(userAtom, null);
  set(ownSessionAtom, null);
  set(authStatusAtom, 'anonymous');
});

// ------------------------------------------------------------------------------------------------
// Sitting: a sitter plays another player's account in a sitting session (the server's User carries `sitter` then), and
// keeps their own session to come back to.

/** localStorage key of the sitter's own session while they sit for someone, so a reload still knows the way back. */
export const OWN_SESSION_KEY = 'sitterOwnSession';

export interface StoredSession {
  token: string;
  user: User;
}

function isStoredSession(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null || !('token' in value) || !('user' in value)) return false;
  const { token, user } = value;
  return typeof token === 'string' && typeof user === 'object' && user !== null && 'id' in user && 'username' in user;
}

function readOwnSession(): StoredSession | null {
  const raw = storage()?.getItem(OWN_SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const ownSessionBase = atom<StoredSession | null>(readOwnSession());

/** The sitter's own session while they sit for another player (null otherwise); mirrored to localStorage. */
export const ownSessionAtom = atom(
  (get) => get(ownSessionBase),
  (_get, set, session: StoredSession | null) => {
    writeStored(OWN_SESSION_KEY, session ? JSON.stringify(session) : null);
    set(ownSessionBase, session);
  },
);

/** In a sitting session, the sitter playing the signed-in account (whose user is the owner's); null in one's own. */
export const sittingAtom = atom((get) => get(userBase)?.sitter ?? null);

/** Whether the session is a sitting one right now, for code that reads the store once rather than subscribing (query options). */
export function sittingNow(store = sessionStore): boolean {
  return store.get(sittingAtom) !== null;
}

/** The owner whose sitting ended without the sitter asking (removed, lapsed), for the notice back in their own account. */
export const sittingEndedAtom = atom<string | null>(null);

/** Starts playing the owner's account with a sitting session, keeping the sitter's own session to come back to. */
export const startSittingAtom = atom(null, (get, set, sitting: StoredSession) => {
  const token = get(tokenAtom);
  const user = get(userAtom);
  // Sitting for a second owner from a sitting session never happens (the server refuses it); the first own session stays.
  if (token && user && !user.sitter) set(ownSessionAtom, { token, user });
  set(signInAtom, sitting);
  set(sittingEndedAtom, null);
});

/**
 * Back to the sitter's own account: `ended` names the owner when the server ended the sitting (the owner removed the
 * sitter, or it lapsed) rather than the sitter choosing to. Answers whether there was an own session to go back to.
 */
export const backToOwnAccountAtom = atom(null, (get, set, ended: boolean) => {
  const own = get(ownSessionAtom);
  if (!own) return false;
  set(sittingEndedAtom, ended ? (get(userAtom)?.username ?? null) : null);
  set(ownSessionAtom, null);
  set(signInAtom, own);
  return true;
});

/** Re-reads localStorage into the store; tests use it to start from a known session. */
export function reloadSessionFromStorage(store = sessionStore): void {
  const token = readStoredToken();
  store.set(tokenBase, token);
  store.set(userBase, readStoredUser());
  store.set(ownSessionBase, readOwnSession());
  store.set(authStatusAtom, token ? 'loading' : 'anonymous');
}
