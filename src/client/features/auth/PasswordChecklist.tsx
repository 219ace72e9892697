// The live checklist of the password rules under a new-password field (registration and change of password).
import { useTranslation } from 'react-i18next';
import { passwordChecklist, PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from '../../../rules/validation';

export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation('common');
  return (
    <ul id={id} className="checklist" aria-label={t('passwordRules.label')}>
      {passwordChecklist(password).map((item) => (
        <li key={item.id} className={item.met ? 'checklist__item--met' : undefined} data-met={item.met}>
          <span aria-hidden="true">{item.met ? '✓' : '○'}</span>
          <span>{t(`passwordRules.${item.id}`, { min: PASSWORD_MIN_LENGTH, specials: PASSWORD_SPECIALS })}</span>
          <span className="visually-hidden">{item.met ? t('passwordRules.met') : t('passwordRules.notMet')}</span>
        </li>
      ))}
    </ul>
  );
}
