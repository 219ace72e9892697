// The language picker of the game shell and the sign-in pages: a labelled select of the languages, each named in itself.
// Picking switches at once (no reload), remembers the choice in this browser and, for a signed-in player, in the account.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import { setMyLocale } from '../api/auth';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, rememberLanguage, showLanguage, type Language } from '../i18n';
import { userAtom } from '../state/session';

export interface LanguagePickerProps {
  /** Extra class for where it sits (the shell's top bar, the sign-in card). */
  className?: string;
  /** Shows the word "Language" beside the select; otherwise only screen readers hear it and a globe stands for it. */
  showLabel?: boolean;
}

export function LanguagePicker({ className, showLabel = false }: LanguagePickerProps) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const user = useAtomValue(userAtom);
  const setUser = useSetAtom(userAtom);

  const pick = (language: Language) => {
    rememberLanguage(language);
    void showLanguage(language);
    // A sitter plays the owner's account but keeps their own language: nothing is written to the owner's.
    if (!user || user.sitter) return;
    // The session's user takes the choice at once, so a check of the session meanwhile does not switch back.
    setUser({ ...user, locale: language });
    // Not saved (offline, signed out meanwhile): this browser still remembers it, and the next choice tries again.
    setMyLocale(language).catch(() => undefined);
  };

  return (
    <div className={className ? `language-picker ${className}` : 'language-picker'}>
      <GlobeIcon />
      <label htmlFor={id} className={showLabel ? 'language-picker__label' : 'visually-hidden'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className="input language-picker__select"
        value={i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) pick(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A globe drawn inline (no emoji font needed): the sign of a language choice in any language. */
function GlobeIcon() {
  return (
    <svg className="icon language-picker__globe" width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <ellipse cx="12" cy="12" rx="4" ry="9" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M3.5 9 H20.5 M3.5 15 H20.5" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}
