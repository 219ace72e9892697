// The language at start and at every sign-in: the account's choice wins (and is remembered in this browser), a browser
// choice made before the account had one is saved to it; a sitting session keeps the sitter's own language.
import { useEffect } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { setMyLocale } from '../api/auth';
import { chooseLanguage, isLanguage, languageOfCookie, rememberLanguage, showLanguage, type Language } from '../i18n';
import { sessionStore, userAtom, type User } from '../state/session';

/** The account's own choice, unless a sitter plays it (their own language stays). */
function accountLanguage(user: User | null): Language | null {
  return user && !user.sitter && isLanguage(user.locale) ? user.locale : null;
}

function cookieLanguage(): Language | null {
  return typeof document === 'undefined' ? null : languageOfCookie(document.cookie);
}

/** The language to start in, read before the first render: the stored session's account, the cookie, the browser. */
export function startingLanguage(store = sessionStore): Language {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return chooseLanguage({ account: accountLanguage(store.get(userAtom)), cookie: cookieLanguage(), browser });
}

/** Follows the signed-in account's language: at sign-in, at the start-up check of a stored session, after a choice elsewhere. */
export function useAccountLanguage(): void {
  const store = useStore();
  const user = useAtomValue(userAtom);
  const setUser = useSetAtom(userAtom);
  const chosen = accountLanguage(user);
  const signedIn = user !== null && !user.sitter;
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!signedIn) return;
    if (chosen) {
      rememberLanguage(chosen);
      void showLanguage(chosen);
      return;
    }
    // The account has no choice yet but this browser has one (picked on the sign-in page): the account takes it.
    const picked = cookieLanguage();
    if (!picked) return;
    const current = store.get(userAtom);
    if (current && current.id === userId) setUser({ ...current, locale: picked });
    setMyLocale(picked).catch(() => undefined);
  }, [signedIn, chosen, userId, setUser, store]);
}
