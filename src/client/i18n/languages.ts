// The game's two languages, how one is chosen (the account's, the browser's remembered choice, the browser's own) and the cookie that remembers it.

/** Every language the game speaks; 'en' first, the default. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a picker shows it (a player who reads neither finds their own). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', de: 'Deutsch' };

/** The cookie the server reads too (the prerendered landing page is chosen by it): 'en' or 'de'. */
export const LANGUAGE_COOKIE = 'vikings_lang';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

/** The language of a cookie header (document.cookie), or null when none was chosen or it holds something else. */
export function languageOfCookie(cookie: string): Language | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) return isLanguage(value) ? value : null;
  }
  return null;
}

/** The cookie line that remembers `language` in this browser for a year, for every page of the site. */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The browser's own preference: its first language we speak ('de-AT' counts as German), else English. */
export function languageOfBrowser(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

export interface LanguageSources {
  /** The signed-in account's choice (users.locale), null when it has made none or nobody is signed in. */
  account: Language | null;
  /** This browser's remembered choice (the cookie). */
  cookie: Language | null;
  /** navigator.languages. */
  browser: readonly string[];
}

/** The account's choice wins, then the browser's remembered one, then the browser's own languages, then English. */
export function chooseLanguage({ account, cookie, browser }: LanguageSources): Language {
  return account ?? cookie ?? languageOfBrowser(browser);
}
