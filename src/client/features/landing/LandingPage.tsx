// The public front page: welcome, what the game offers, the game's figures, ways in and the language picker. Rendered to
// static HTML at build time (prerender.tsx), one page per language; landing.ts is all the JavaScript it runs.
import { useTranslation } from 'react-i18next';
import { DISCORD_LOGIN_URL } from '../../api/auth';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../rules/language-choice';
import { Logo } from '../../ui/Logo';

/** The figures `GET /api/public/figures` answers, in the order the page shows them. */
export const FIGURES = ['players', 'alliances', 'worlds', 'battles'] as const;
export type Figure = (typeof FIGURES)[number];

const FEATURES = ['village', 'map', 'warband', 'alliance', 'heroes', 'wonders', 'quests'] as const;

/** What stands in a figure's place until the script has its number: a dash, the same height as a number. */
export const FIGURE_PLACEHOLDER = '–';

export interface LandingPageProps {
  language: Language;
  /** Whether the server offers Discord sign-in: the server picks the page rendered with or without its button. */
  discord: boolean;
  /** A figure's label for each plural category of the language (`one`, `other`, ...), for the script to pick by count. */
  figureLabels: Readonly<Record<Figure, Readonly<Record<string, string>>>>;
}

export default function LandingPage({ language, discord, figureLabels }: LandingPageProps) {
  const { t } = useTranslation('landing');
  return (
    <div className="landing">
      <header className="landing__nav">
        <span className="landing__logo">
          <Logo size={34} />
        </span>
        <nav className="row" aria-label={t('nav.label')}>
          <a href="/login">{t('nav.login')}</a>
          <a className="button button--small" href="/register">
            {t('nav.register')}
          </a>
        </nav>
      </header>

      <main>
        <section className="landing__hero" aria-labelledby="landing-title">
          <h1 id="landing-title">{t('hero.title')}</h1>
          <p className="landing__lead">{t('hero.lead')}</p>
          <div className="landing__actions">
            {discord && (
              <a className="button button--discord" href={DISCORD_LOGIN_URL}>
                {t('hero.discord')}
              </a>
            )}
            <a className="button" href="/register">
              {t('hero.createAccount')}
            </a>
          </div>
        </section>

        {/* Dashes hold the figures' places (the same size as numbers) until the script fills them, or hides the list. */}
        <ul className="landing__stats" aria-label={t('figures.label')} aria-busy="true" data-figures="">
          {FIGURES.map((figure) => (
            <li
              key={figure}
              className="stat"
              data-figure={figure}
              {...Object.fromEntries(Object.entries(figureLabels[figure]).map(([category, label]) => [`data-label-${category}`, label]))}
            >
              <span className="stat__value" aria-hidden="true">
                {FIGURE_PLACEHOLDER}
              </span>{' '}
              <span className="stat__label">{figureLabels[figure].other}</span>
            </li>
          ))}
        </ul>

        <section className="landing__features" aria-labelledby="features-title">
          <h2 id="features-title">{t('features.title')}</h2>
          <ul>
            {FEATURES.map((feature) => (
              <li key={feature} className="card feature">
                <h3>{t(`features.${feature}.title`)}</h3>
                <p className="muted">{t(`features.${feature}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="landing__footer">
        <p>{t('footer')}</p>
        <div className="landing__languages" role="group" aria-label={t('language.label')}>
          {LANGUAGES.map((code) => (
            <button key={code} type="button" className="link-button" lang={code} data-language={code} aria-pressed={code === language}>
              {LANGUAGE_NAMES[code]}
            </button>
          ))}
        </div>
      </footer>
    </div>
  );
}
