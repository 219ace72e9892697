// /change-password: choose one's own password; a player with a temporary password from an admin is held here until they do.
import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { changePassword, logout } from '../../api/auth';
import { confirmUserAtom, signOutAtom, userAtom } from '../../state/session';
import { hasErrors, validatePasswordChange, type FieldErrors, type PasswordChangeField, type PasswordChangeForm } from '../../../rules/validation';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { AuthCard } from './AuthCard';
import { AuthField } from './AuthField';
import { PasswordChecklist } from './PasswordChecklist';
import { afterLoginPath } from './redirect';
import { serverFieldErrors } from './serverFieldErrors';

const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The form's fields; each field's label is auth:change.fields.<name>. */
const FIELDS: readonly { name: PasswordChangeField; autoComplete: string }[] = [
  { name: 'currentPassword', autoComplete: 'current-password' },
  { name: 'newPassword', autoComplete: 'new-password' },
  { name: 'confirmPassword', autoComplete: 'new-password' },
];

export default function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAtomValue(userAtom);
  const confirmUser = useSetAtom(confirmUserAtom);
  const signOut = useSetAtom(signOutAtom);
  const [form, setForm] = useState<PasswordChangeForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<PasswordChangeField>>({});
  const changing = useAction({
    mutationFn: ({ currentPassword, newPassword }: PasswordChangeForm) => changePassword(currentPassword, newPassword),
    // The reply is the user, no longer bound to change the password.
    onSuccess: (changed) => {
      confirmUser(changed);
      const from = afterLoginPath(location.state);
      navigate(from === '/change-password' ? '/dashboard' : from, { replace: true, state: null });
    },
    // The server's words for a field go beside it.
    onError: (failure) => setErrors(serverFieldErrors(failure, FIELDS.map((f) => f.name))),
    failure: t('change.failed'),
  });
  const temporary = user?.mustChangePassword === true;

  function edit(field: PasswordChangeField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    changing.mutation.reset();
    const found = validatePasswordChange(form);
    setErrors(found);
    if (hasErrors(found)) return;
    changing.run(form);
  }

  async function onLogout() {
    try {
      await logout();
    } catch {
      // Signing out locally matters more than the server hearing about it.
    }
    signOut();
    navigate('/login', { replace: true });
  }

  return (
    <AuthCard
      title={t('change.title')}
      footer={
        <button type="button" className="link-button" onClick={() => void onLogout()}>
          {t('change.logoutInstead')}
        </button>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        {temporary && (
          <div className="alert alert--info" role="status">
            {t('change.temporary')}
          </div>
        )}
        <ActionOutcome message={changing.outcome} compact={false} />
        {FIELDS.map((field) => (
          <AuthField
            key={field.name}
            id={`change-${field.name}`}
            name={field.name}
            label={t(`change.fields.${field.name}`)}
            type="password"
            autoComplete={field.autoComplete}
            value={form[field.name]}
            error={errors[field.name]}
            hintId="new-password-checklist"
            hint={field.name === 'newPassword' && <PasswordChecklist id="new-password-checklist" password={form.newPassword} />}
            onChange={(value) => edit(field.name, value)}
          />
        ))}
        <ActionButton type="submit" className="button button--block" pending={changing.pending || changing.mutation.isSuccess} busyLabel={t('change.busy')}>
          {t('change.submit')}
        </ActionButton>
      </form>
    </AuthCard>
  );
}
