// The framed card that every sign-in page of this feature sits in.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../ui/Logo';
import { LanguagePicker } from '../../ui/LanguagePicker';
import './auth.css';

export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="center-screen">
      <main className="auth">
        <div className="auth__brand">
          <Link to="/" aria-label={t('header.home')}>
            <Logo size={36} />
          </Link>
          <LanguagePicker className="auth__language" />
        </div>
        <section className="card" aria-labelledby="auth-title">
          <h1 id="auth-title">{title}</h1>
          {children}
        </section>
        {footer && <div className="auth__footer">{footer}</div>}
      </main>
    </div>
  );
}
