// Whether to offer the Discord login: false until the server has said it is configured, asked once per page load (per store).
// Plain state rather than a query, asked once per page load whichever sign-in page asks first (the prerendered landing
// page needs no question: the server sends it with or without its Discord button).
import { useEffect, useState } from 'react';
import { atom, useStore } from 'jotai';
import { getAuthOptions } from '../api/auth';

/** The one question of this page load, kept in the session's store so every page asks it once. */
const discordOfferedAtom = atom<Promise<boolean> | null>(null);

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
  const [offered, setOffered] = useState(false);
  useEffect(() => {
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
