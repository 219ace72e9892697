// The game's languages: the one i18next instance every component reads through react-i18next, started in the chosen
// language, switched without a reload, remembered in the cookie, and handed to the API client for coded server errors.
import i18next, { type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { configureErrorTranslation } from '../api/client';
import { BUNDLED_NAMESPACE, bundledResources, chunkBackend } from './resources';
import { DEFAULT_LANGUAGE, isLanguage, languageCookie, LANGUAGES, type Language } from './languages';

export * from './languages';

/** The app's instance (react-i18next's useTranslation reads it; code outside components calls i18n.t). */
export const i18n = i18next.createInstance();

/** The namespace of the server's error codes (its files are `errors.json`). */
export const ERRORS_NAMESPACE = 'errors';

const options: InitOptions = {
  supportedLngs: [...LANGUAGES],
  // No fallback language: the key-parity test keeps German complete, and a fallback would fetch every English file
  // beside the German one.
  fallbackLng: false,
  load: 'currentOnly',
  defaultNS: BUNDLED_NAMESPACE,
  ns: [BUNDLED_NAMESPACE],
  // React escapes what it renders; escaping here too would show '&amp;' in names.
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: true },
};

/** The page follows the language: <html lang> (screen readers' voice, hyphenation) and the description in its words. */
function followLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18n.t('common:meta.description', { lng: language }));
}

function connect(): void {
  i18n.on('languageChanged', followLanguage);
  // apiError (src/client/api) shows a coded server error in the player's language when that language has the code.
  configureErrorTranslation((code, params) => {
    const key = `${ERRORS_NAMESPACE}:${code}`;
    return i18n.exists(key) ? i18n.t(key, params) : null;
  });
}

/**
 * Starts the app's languages in `language` before the first render: `common` is bundled, every other namespace is
 * fetched as its pages load (routes.tsx names them, so they come with the page's chunk), and the server's error texts
 * in the background so a refusal can be shown translated.
 */
export function startI18n(language: Language): void {
  connect();
  void i18n
    .use(chunkBackend)
    .use(initReactI18next)
    .init({ ...options, lng: language, resources: bundledResources(), partialBundledLanguages: true, initAsync: false });
  followLanguage(language);
  void i18n.loadNamespaces(ERRORS_NAMESPACE);
}

/** Starts with every file given at once (the client tests hand in all of them, so nothing suspends). */
export function startI18nWith(resources: Resource, language: Language = DEFAULT_LANGUAGE): void {
  if (i18n.isInitialized) {
    void i18n.changeLanguage(language);
    return;
  }
  connect();
  void i18n.use(initReactI18next).init({ ...options, lng: language, resources, initAsync: false });
  followLanguage(language);
}

/** The language shown now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Remembers `language` in this browser (the cookie the server reads too). */
export function rememberLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.cookie = languageCookie(language, typeof location !== 'undefined' && location.protocol === 'https:');
}

/**
 * Shows the game in `language` without a reload: the namespaces in use are fetched in it first, so the page never
 * falls back to its loading state, then every component using a translation renders again.
 */
export async function showLanguage(language: Language): Promise<void> {
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Fetches `namespaces` in the current language (a page's, while its chunk loads). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return namespaces.length === 0 ? Promise.resolve() : i18n.loadNamespaces([...namespaces]);
}

/**
 * The locale numbers and dates are written in: the browser's own variant of the game's language when it has one
 * ('en-GB' dates for a British player reading English, 'de-AT' for an Austrian reading German), else the language.
 */
export function formattingLocale(language: Language = currentLanguage()): string {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return preferred.find((tag) => typeof tag === 'string' && tag.toLowerCase().split('-')[0] === language) ?? language;
}
