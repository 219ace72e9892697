// /change-password: choose one's own password; a player with a temporary password from an admin is held here until they do.
import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
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

export const CHANGE_FAILED = 'Failed to change the password. Please try again.';

const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS: readonly { name: PasswordChangeField; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

export default function ChangePasswordPage() {
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
    failure: CHANGE_FAILED,
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
      title="Choose a new password"
      footer={
        <button type="button" className="link-button" onClick={() => void onLogout()}>
          Log out instead
        </button>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        {temporary && (
          <div className="alert alert--info" role="status">
            An admin gave you a temporary password. Choose your own to keep playing.
          </div>
        )}
        <ActionOutcome message={changing.outcome} compact={false} />
        {FIELDS.map((field) => (
          <AuthField
            key={field.name}
            id={`change-${field.name}`}
            name={field.name}
            label={field.label}
            type="password"
            autoComplete={field.autoComplete}
            value={form[field.name]}
            error={errors[field.name]}
            hintId="new-password-checklist"
            hint={field.name === 'newPassword' && <PasswordChecklist id="new-password-checklist" password={form.newPassword} />}
            onChange={(value) => edit(field.name, value)}
          />
        ))}
        <ActionButton type="submit" className="button button--block" pending={changing.pending || changing.mutation.isSuccess} busyLabel="Saving...">
          Change password
        </ActionButton>
      </form>
    </AuthCard>
  );
}
