// Shown when a page throws or its chunk fails to load (often after a new deploy): offer a reload.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t('routeError.unknown');
  return (
    <div className="center-screen">
      <main className="card error-page" role="alert">
        <h1>{t('routeError.title')}</h1>
        <p className="muted">{message}</p>
        <div className="row" style={{ justifyContent: 'center' }}>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </button>
          <Link className="button button--secondary" to="/">
            {t('routeError.home')}
          </Link>
        </div>
      </main>
    </div>
  );
}
