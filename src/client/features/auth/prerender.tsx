// Build time only, in Node (scripts/vite-landing.ts): the sign-in and register pages rendered to static HTML in one
// language, so the server sends the form itself for /login and /register and the browser paints it before any script
// has arrived; the app then renders the same page over it (src/client/main.tsx, docs/ARCHITECTURE.md "Prerendered pages").
import { createInstance } from 'i18next';
import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Language } from '../../../rules/language-choice';
import deAuth from '../../i18n/locales/de/auth.json';
import deCommon from '../../i18n/locales/de/common.json';
import enAuth from '../../i18n/locales/en/auth.json';
import enCommon from '../../i18n/locales/en/common.json';
import { knowSignInOptions } from '../../state/authOptions';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

const TEXTS: Record<Language, { auth: typeof enAuth; common: typeof enCommon }> = {
  en: { auth: enAuth, common: enCommon },
  de: { auth: deAuth, common: deCommon },
};

/** The pages the build prerenders, by their address. */
export const SIGN_IN_PAGES = { '/login': LoginPage, '/register': RegisterPage } as const;
export type SignInPath = keyof typeof SIGN_IN_PAGES;

export interface RenderedSignInPage {
  language: Language;
  /** The markup that stands in `<div id="root">` until the app renders the same page there. */
  root: string;
}

/** Renders the page at `path` in `language`, with the Discord button when `discord`; a key missing from the texts fails. */
export async function renderSignInPage(path: SignInPath, language: Language, { discord }: { discord: boolean }): Promise<RenderedSignInPage> {
  const missing: string[] = [];
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: ['auth', 'common'],
    defaultNS: 'common',
    resources: { [language]: TEXTS[language] },
    // React escapes what it renders; escaping here too would show `&amp;` for `&`.
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => missing.push(`${namespace}:${key}`),
  });
  const store = createStore();
  // The page's first render then shows the Discord button as the served page has it (no question to the server).
  knowSignInOptions(store, { discord });
  const Page = SIGN_IN_PAGES[path];
  const root = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Provider store={store}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={[path]}>
            <Page />
          </MemoryRouter>
        </QueryClientProvider>
      </Provider>
    </I18nextProvider>,
  );
  if (missing.length > 0) throw new Error(`the page ${path} in '${language}' misses ${missing.join(', ')}`);
  return { language, root: beforeTheApp(root) };
}

/**
 * The form as it stands before the app runs, when only the browser could act on it: its buttons (send, show password,
 * Discord) and the language picker are disabled until the app's page replaces them (a click or a choice then waits for
 * the app, never falls on a dead control; Enter in a field does nothing either), and were the form sent anyway it would go as a POST, never with the
 * password in an address.
 */
function beforeTheApp(markup: string): string {
  return markup
    .replace(/<form\b(?![^>]*\bmethod=)/g, '<form method="post"')
    .replace(/<(button|select)\b(?![^>]*\bdisabled)/g, '<$1 disabled=""');
}
