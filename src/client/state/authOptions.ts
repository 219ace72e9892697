// Whether to offer the Discord login: false until the server has said it is configured, asked once per page load (per store).
// Plain state rather than a query, asked once per page load whichever sign-in page asks first. The prerendered pages
// (the landing page, /login, /register) need no question: the server sends them with or without the Discord button.
import { useEffect, useState } from 'react';
import { atom, useStore } from 'jotai';
import { getAuthOptions } from '../api/auth';

/** The one question of this page load, kept in the session's store so every page asks it once. */
const discordOfferedAtom = atom<Promise<boolean> | null>(null);
/** The answer known before the first render: the server sent a prerendered sign-in page, with or without the button. */
const knownAnswerAtom = atom<boolean | null>(null);

/** The sign-in options the served page was made with (its `<meta name="sign-in-options">`): no question to ask then. */
export function knowSignInOptions(store: ReturnType<typeof useStore>, { discord }: { discord: boolean }): void {
  store.set(knownAnswerAtom, discord);
}

/** The options a prerendered page carries in its head (scripts/vite-sign-in-pages.ts writes it), or null on any other page. */
export function signInOptionsOfPage(doc: Document): { discord: boolean } | null {
  const content = doc.querySelector('meta[name="sign-in-options"]')?.getAttribute('content');
  return content == null ? null : { discord: content.split(/\s+/).includes('discord') };
}

/** A server that cannot say is treated as one without Discord: a button that leads nowhere is worse than none. */
function askServer(): Promise<boolean> {
  return getAuthOptions().then(
    (options) => options.discord === true,
    (error: unknown) => {
      console.warn('Asking for the sign-in options failed', error);
      return false;
    },
  );
}

export function useDiscordLoginOffered(): boolean {
  const store = useStore();
  const [offered, setOffered] = useState(() => store.get(knownAnswerAtom) ?? false);
  useEffect(() => {
    // Known from the served page: nothing to ask.
    if (store.get(knownAnswerAtom) !== null) return;
    let asked = store.get(discordOfferedAtom);
    if (!asked) {
      asked = askServer();
      store.set(discordOfferedAtom, asked);
    }
    let shown = true;
    void asked.then((answer) => {
      if (shown) setOffered(answer);
    });
    return () => {
      shown = false;
    };
  }, [store]);
  return offered;
}
