// What the landing page's script does (main.ts runs it on the prerendered page, see prerender.tsx): a signed-in player
// goes on to /dashboard as the app's guard sends them, the figures are filled in, the language picker remembers a choice.
// No React, router, jotai or openapi-fetch: the page must stay light (bench:client).
import { askSession, fetchPublicFigures, type PublicFigures } from '../../api/landing';
import { isLanguage, languageCookie } from '../../../rules/language-choice';

/** The localStorage keys of the app's session (state/session.ts; a unit test holds them equal). */
export const STORED_SESSION_KEYS = { token: 'token', user: 'user', ownSession: 'sitterOwnSession' } as const;

/** The app's address for a signed-in player arriving at "/" (the `visitors` guard of app/guards.tsx). */
const SIGNED_IN_HOME = '/dashboard';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function storedToken(store: Storage): string | null {
  return store.getItem(STORED_SESSION_KEYS.token) || null;
}

/** The sitter's own session kept while sitting for someone (its token and user as JSON), or null. */
function storedOwnSession(store: Storage): { token: string; user: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(store.getItem(STORED_SESSION_KEYS.ownSession) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null || !('token' in parsed) || !('user' in parsed)) return null;
    return typeof parsed.token === 'string' && typeof parsed.user === 'object' && parsed.user !== null ? { token: parsed.token, user: parsed.user } : null;
  } catch {
    return null;
  }
}

function signOut(store: Storage): void {
  for (const key of Object.values(STORED_SESSION_KEYS)) store.removeItem(key);
}

/**
 * Whether the stored session signs a player in, decided as the app decides it at start (app/verifySession.ts): a token
 * the server accepts does, and so does one it could not check while a user is stored; a rejected sitting session goes
 * back to the sitter's own, which is checked in turn; anything else is dropped, and the visitor stays here.
 */
export async function signedIn(store: Storage | null = storage()): Promise<boolean> {
  if (!store) return false;
  const token = storedToken(store);
  if (!token) return false;
  const answer = await askSession(token);
  if (answer === 'accepted') return true;
  if (answer === 'unknown' && store.getItem(STORED_SESSION_KEYS.user)) return true;
  const own = answer === 'rejected' ? storedOwnSession(store) : null;
  signOut(store);
  if (!own) return false;
  store.setItem(STORED_SESSION_KEYS.token, own.token);
  store.setItem(STORED_SESSION_KEYS.user, JSON.stringify(own.user));
  return signedIn(store);
}

function isFigure(name: string | undefined): name is keyof PublicFigures {
  return name === 'players' || name === 'alliances' || name === 'worlds' || name === 'battles';
}

/**
 * Writes the figures into their places in the page's language: whole numbers up to 99,999, larger ones compact
 * (1.2M, 1,2 Mio.) so that a number never outgrows its box; each label in the plural its number asks for.
 */
export function showFigures(list: HTMLElement, figures: PublicFigures, language: string): void {
  const whole = new Intl.NumberFormat(language);
  const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
  const plural = new Intl.PluralRules(language);
  for (const item of list.querySelectorAll<HTMLElement>('[data-figure]')) {
    const name = item.dataset.figure;
    const value = item.querySelector('.stat__value');
    const label = item.querySelector('.stat__label');
    if (!isFigure(name) || !value || !label) continue;
    const count = figures[name];
    value.textContent = count < 100_000 ? whole.format(count) : compact.format(count);
    value.removeAttribute('aria-hidden');
    label.textContent = item.getAttribute(`data-label-${plural.select(count)}`) ?? item.getAttribute('data-label-other');
  }
  list.removeAttribute('aria-busy');
}

/** No figures to show: the list keeps its room (nothing below moves) but shows nothing, to eyes or screen readers. */
export function hideFigures(list: HTMLElement): void {
  list.classList.add('landing__stats--unavailable');
  list.removeAttribute('aria-busy');
}

/** What the script does to the browser beyond the page: leave it, or load it again. */
export interface Navigation {
  goTo(address: string): void;
  reload(): void;
}

const browserNavigation: Navigation = {
  goTo: (address) => window.location.replace(address),
  reload: () => window.location.reload(),
};

/** Remembers the language a picker button names, and shows the page in it when that is another than this page's. */
export function pickLanguage(button: HTMLElement, page: Document, navigation: Navigation): void {
  const language = button.dataset.language;
  if (!isLanguage(language)) return;
  page.cookie = languageCookie(language, page.location.protocol === 'https:');
  if (language !== page.documentElement.lang) navigation.reload();
}

/** Runs the landing page: the session check, the figures and the language picker. Answers when the first two are done. */
export async function startLandingPage(page: Document = document, navigation: Navigation = browserNavigation): Promise<void> {
  for (const button of page.querySelectorAll<HTMLElement>('[data-language]')) {
    button.addEventListener('click', () => pickLanguage(button, page, navigation));
  }
  const list = page.querySelector<HTMLElement>('[data-figures]');
  const figures = list
    ? fetchPublicFigures().then(
        (figures) => showFigures(list, figures, page.documentElement.lang),
        () => hideFigures(list),
      )
    : null;
  if (await signedIn()) navigation.goTo(SIGNED_IN_HOME);
  await figures;
}
