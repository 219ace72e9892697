// Build time only, in Node (scripts/vite-landing.ts): the landing page rendered to static HTML in one language through
// i18next, so the server sends "/" as a finished page and the browser runs no React on it (see docs/ARCHITECTURE.md).
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { Language } from '../../../rules/language-choice';
import de from '../../i18n/locales/de/landing.json';
import en from '../../i18n/locales/en/landing.json';
import LandingPage, { type Figure } from './LandingPage';

const TEXTS: Record<Language, typeof en> = { en, de };

function byFigure<V>(value: (figure: Figure) => V): Record<Figure, V> {
  return { players: value('players'), alliances: value('alliances'), worlds: value('worlds'), battles: value('battles') };
}

export interface RenderedLanding {
  language: Language;
  /** The document's title and description (the `<head>`'s), in the language. */
  title: string;
  description: string;
  /** The page's markup, to stand in `<body>`. */
  body: string;
}

/** Renders the landing page in `language`, with the Discord button when `discord`; a key missing from the texts fails. */
export async function renderLanding(language: Language, { discord }: { discord: boolean }): Promise<RenderedLanding> {
  const missing: string[] = [];
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: ['landing'],
    defaultNS: 'landing',
    resources: { [language]: { landing: TEXTS[language] } },
    // React escapes what it renders; escaping here too would show `&amp;` for `&`.
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => missing.push(`${namespace}:${key}`),
  });
  const t = i18n.getFixedT(language, 'landing');
  // The script picks a figure's label by its count with Intl.PluralRules: every category the language has gets one.
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const figureLabels = byFigure((figure) => Object.fromEntries(categories.map((category) => [category, t(`figures.${figure}_${category}`)])));
  const body = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <LandingPage language={language} discord={discord} figureLabels={figureLabels} />
    </I18nextProvider>,
  );
  const rendered = { language, title: t('meta.title'), description: t('meta.description'), body };
  if (missing.length > 0) throw new Error(`the landing page in '${language}' misses ${missing.join(', ')}`);
  return rendered;
}
