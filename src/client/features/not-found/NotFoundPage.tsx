// Any address the route table does not know.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MainLandmark } from '../../ui/MainLandmark';

export default function NotFoundPage() {
  const { t } = useTranslation('not-found');
  return (
    <div className="center-screen">
      <MainLandmark className="card error-page">
        <p className="error-page__code" aria-hidden="true">
          404
        </p>
        <h1>{t('title')}</h1>
        <p>{t('text')}</p>
        <Link className="button" to="/">
          {t('home')}
        </Link>
      </MainLandmark>
    </div>
  );
}
