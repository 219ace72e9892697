// Hands the API client the signed-in session: the stored token goes out as a bearer header, a 401 signs out.
import { configureApi } from '../api/client';
import { authStatusAtom, backToOwnAccountAtom, sessionStore, signOutAtom, tokenAtom } from '../state/session';

const loadLoginPage = () => window.location.assign('/login');

/** Where a 401 sends the player. App replaces the default full page load with a router navigation. */
let toLogin: () => void = loadLoginPage;

export function setLoginRedirect(handler: () => void): () => void {
  toLogin = handler;
  return () => {
    if (toLogin === handler) toLogin = loadLoginPage;
  };
}

/** Pages that sort out a failed sign-in themselves (the login form, the Discord return page with its 3 s message). */
function handlesOwnAuthFailure(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/auth/');
}

/** Connects the API client to the session in `store`; main.tsx calls it once before anything fetches. */
export function connectApiToSession(store = sessionStore): () => void {
  return configureApi({
    getToken: () => store.get(tokenAtom),
    onUnauthorized: (sentToken) => {
      // A reply to a token the session no longer holds (another account since, the way back from sitting) is old news.
      if (sentToken !== null && sentToken !== store.get(tokenAtom)) return;
      // A sitting session the server ended (the owner removed the sitter, or it lapsed): back to the sitter's own account.
      if (store.set(backToOwnAccountAtom, true)) return;
      // A 401 during the startup check only drops the stale token: the route guards then decide,
      // so a visitor with an old token can still see the public landing page.
      const verifyingStoredToken = store.get(authStatusAtom) === 'loading';
      store.set(signOutAtom);
      const here = typeof window === 'undefined' ? '/login' : window.location.pathname;
      if (!verifyingStoredToken && !handlesOwnAuthFailure(here)) toLogin();
    },
  });
}
