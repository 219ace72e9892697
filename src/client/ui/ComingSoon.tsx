// Placeholder body for a game page whose real content comes later.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ComingSoonProps {
  title: string;
  /** Defaults to 'Coming soon'. */
  message?: ReactNode;
}

export function ComingSoon({ title, message }: ComingSoonProps) {
  const { t } = useTranslation('common');
  return (
    <section className="page coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className="page__title">
        {title}
      </h1>
      <div className="card coming-soon__card">
        <p>{message ?? t('comingSoon')}</p>
      </div>
    </section>
  );
}
