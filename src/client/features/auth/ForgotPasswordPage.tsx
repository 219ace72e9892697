// /forgot-password: there is no e-mail reset; an admin of the game sets a temporary password for the player.
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { AuthCard } from './AuthCard';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard
      title={t('forgot.title')}
      footer={<Trans t={t} i18nKey="forgot.footer" components={{ login: <Link to="/login" /> }} />}
    >
      <div className="stack">
        <p>{t('forgot.intro')}</p>
        <ol>
          <li>{t('forgot.contact')}</li>
          <li>{t('forgot.temporary')}</li>
          <li>{t('forgot.logIn')}</li>
        </ol>
        <p className="muted">{t('forgot.never')}</p>
      </div>
    </AuthCard>
  );
}
