// Startup check of a stored token (SPEC section 4): keep it if /api/auth/me accepts it, drop it otherwise.
import { startTransition } from 'react';
import { fetchMe } from '../api/auth';
import { ApiFailure } from '../api/client';
import { authStatusAtom, backToOwnAccountAtom, confirmUserAtom, sessionStore, signOutAtom, tokenAtom, userAtom } from '../state/session';

export async function verifyStoredSession(store = sessionStore): Promise<void> {
  if (!store.get(tokenAtom)) {
    store.set(authStatusAtom, 'anonymous');
    return;
  }
  store.set(authStatusAtom, 'loading');
  const verifying = store.get(tokenAtom);
  try {
    const user = await fetchMe();
    // What the answer reveals (the whole game frame, for a game page) renders in slices, not in one long task.
    startTransition(() => store.set(confirmUserAtom, user));
  } catch (error) {
    const rejected = error instanceof ApiFailure && (error.status === 401 || error.status === 403);
    const storedUser = store.get(userAtom);
    // A sitting session that ended meanwhile: the sitter's own session is checked in its place (the API client's 401
    // may have gone back to it already).
    const backToOwn = rejected && (store.get(tokenAtom) !== verifying || store.set(backToOwnAccountAtom, true));
    if (backToOwn && store.get(tokenAtom)) await verifyStoredSession(store);
    // Only a rejected token is invalid; if the server is merely unreachable, keep the stored user
    // rather than signing everyone out (the next call that gets 401 signs out anyway).
    else if (!rejected && storedUser) store.set(confirmUserAtom, storedUser);
    else store.set(signOutAtom);
  }
}
