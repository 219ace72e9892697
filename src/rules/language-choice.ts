// The game's languages and how a visitor's is chosen before they sign in: the `vikings_lang` cookie, else a browser whose
// Accept-Language starts with German, else English (the server picks the prerendered landing page by it). Imports
// nothing, so the landing page's script takes it without sharing a chunk with the app.

/** English first: the default, and the language every text of the specification is quoted in. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as a language picker shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', de: 'Deutsch' };

/** The cookie holding a visitor's chosen language (path=/, a year, SameSite=Lax), readable by the server. */
export const LANGUAGE_COOKIE = 'vikings_lang';
const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: string | null | undefined): value is Language {
  return LANGUAGES.some((known) => known === value);
}

/** One cookie's value out of a Cookie header (`a=1; b=2`); null when absent or not decodable. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The language to show a visitor: the cookie's when it names one of ours (a stale or hand-made value is ignored), else
 * German when the browser's first choice is German (`de`, `de-AT`, ...), else English.
 */
export function chooseLanguage(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  const chosen = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  return /^\s*de(?![a-z])/i.test(acceptLanguage ?? '') ? 'de' : DEFAULT_LANGUAGE;
}

/** What `document.cookie` is set to to remember `language` for a year; Secure when the page came over HTTPS. */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
