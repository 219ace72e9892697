// Which ways of signing in this server offers, asked once per page load: the Discord button shows only when configured.
import { atom } from 'jotai';
import { unwrap } from 'jotai/utils';
import { getAuthOptions } from '../api/auth';

const authOptionsAtom = atom(async () => {
  try {
    return await getAuthOptions();
  } catch (error) {
    // A server that cannot say is treated as one without Discord: a button that leads nowhere is worse than none.
    console.warn('Asking for the sign-in options failed', error);
    return { discord: false };
  }
});

const settledOptionsAtom = unwrap(authOptionsAtom, () => null);

/** Whether to offer the Discord login: false until the server has said it is configured. */
export const discordLoginOfferedAtom = atom((get) => get(settledOptionsAtom)?.discord === true);
