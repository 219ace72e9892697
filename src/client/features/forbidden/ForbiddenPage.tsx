// /forbidden: where a role guard sends a player whose role is too low.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function ForbiddenPage() {
  const { t } = useTranslation('forbidden');
  return (
    <div className="center-screen">
      <main className="card error-page">
        <p className="error-page__code" aria-hidden="true">
          403
        </p>
        <h1>{t('title')}</h1>
        <p>{t('text')}</p>
        <div className="row" style={{ justifyContent: 'center' }}>
          <Link className="button" to="/dashboard">
            {t('dashboard')}
          </Link>
          <Link className="button button--secondary" to="/">
            {t('home')}
          </Link>
        </div>
      </main>
    </div>
  );
}
