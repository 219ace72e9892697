// /register: account creation with the form rules of src/rules/validation.ts under each field and a live password checklist.
import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { register, type RegisterRequest } from '../../api/auth';
import { useDiscordLoginOffered } from '../../state/authOptions';
import { signInAtom } from '../../state/session';
import {
  hasErrors,
  validateRegistration,
  type FieldErrors,
  type RegistrationField,
} from '../../../rules/validation';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { AuthCard } from './AuthCard';
import { AuthField } from './AuthField';
import { PasswordChecklist } from './PasswordChecklist';
import { serverFieldErrors } from './serverFieldErrors';

type Form = Record<RegistrationField, string>;

const EMPTY: Form = { username: '', email: '', password: '', confirmPassword: '' };

/** The form's fields; each field's label is auth:fields.<name>. */
const FIELDS: readonly { name: RegistrationField; type: string; autoComplete: string }[] = [
  { name: 'username', type: 'text', autoComplete: 'username' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
];

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signIn = useSetAtom(signInAtom);
  const discordOffered = useDiscordLoginOffered();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<RegistrationField>>({});
  const registering = useAction({
    mutationFn: (body: RegisterRequest) => register(body),
    onSuccess: (session) => {
      signIn(session);
      navigate('/dashboard', { replace: true });
    },
    // The server's words for a field go beside it.
    onError: (failure) => setErrors(serverFieldErrors(failure, FIELDS.map((f) => f.name))),
    failure: t('register.failed'),
  });

  function edit(field: RegistrationField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    // An error clears as soon as its field is edited.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    registering.mutation.reset();
    const found = validateRegistration(form);
    setErrors(found);
    if (hasErrors(found)) return;
    registering.run({ username: form.username.trim(), email: form.email.trim(), password: form.password });
  }

  return (
    <AuthCard
      title={t('register.title')}
      footer={<Trans t={t} i18nKey="register.footer" components={{ login: <Link to="/login" /> }} />}
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <ActionOutcome message={registering.outcome} compact={false} />
        {FIELDS.map((field) => (
          <AuthField
            key={field.name}
            id={`register-${field.name}`}
            name={field.name}
            label={t(`fields.${field.name}`)}
            type={field.type}
            autoComplete={field.autoComplete}
            value={form[field.name]}
            error={errors[field.name]}
            hintId="password-checklist"
            hint={field.name === 'password' && <PasswordChecklist id="password-checklist" password={form.password} />}
            onChange={(value) => edit(field.name, value)}
          />
        ))}
        <ActionButton type="submit" className="button button--block" pending={registering.pending || registering.mutation.isSuccess} busyLabel={t('register.busy')}>
          {t('register.submit')}
        </ActionButton>
        {discordOffered && (
          <>
            <div className="divider">{t('or')}</div>
            <button type="button" className="button button--discord button--block" onClick={() => navigate('/auth/discord')}>
              {t('register.discord')}
            </button>
          </>
        )}
      </form>
    </AuthCard>
  );
}
