// /register: account creation with the form rules of src/rules/validation.ts under each field and a live password checklist.
import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useNavigate } from 'react-router';
import { register } from '../../api/auth';
import { apiError } from '../../api/client';
import { discordLoginOfferedAtom } from '../../state/authOptions';
import { signInAtom } from '../../state/session';
import {
  hasErrors,
  validateRegistration,
  type FieldErrors,
  type RegistrationField,
} from '../../../rules/validation';
import { AuthCard } from './AuthCard';
import { AuthField } from './AuthField';
import { PasswordChecklist } from './PasswordChecklist';
import { serverFieldErrors } from './serverFieldErrors';

export const REGISTRATION_FAILED = 'Registration failed. Please try again.';

type Form = Record<RegistrationField, string>;

const EMPTY: Form = { username: '', email: '', password: '', confirmPassword: '' };

const FIELDS: readonly { name: RegistrationField; label: string; type: string; autoComplete: string }[] = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

export default function RegisterPage() {
  const navigate = useNavigate();
  const signIn = useSetAtom(signInAtom);
  const discordOffered = useAtomValue(discordLoginOfferedAtom);
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<RegistrationField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  function edit(field: RegistrationField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    // An error clears as soon as its field is edited.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = validateRegistration(form);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      const session = await register({ username: form.username.trim(), email: form.email.trim(), password: form.password });
      signIn(session);
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      setErrors(serverFieldErrors(failure, FIELDS.map((f) => f.name)));
      setFormError(apiError(failure, REGISTRATION_FAILED));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Create Account"
      footer={
        <>
          Already have an account? <Link to="/login">Log in</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        {formError && (
          <div className="alert" role="alert">
            {formError}
          </div>
        )}
        {FIELDS.map((field) => (
          <AuthField
            key={field.name}
            id={`register-${field.name}`}
            name={field.name}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            value={form[field.name]}
            error={errors[field.name]}
            hintId="password-checklist"
            hint={field.name === 'password' && <PasswordChecklist id="password-checklist" password={form.password} />}
            onChange={(value) => edit(field.name, value)}
          />
        ))}
        <button type="submit" className="button button--block" disabled={submitting}>
          {submitting ? 'Creating account...' : 'Create Account'}
        </button>
        {discordOffered && (
          <>
            <div className="divider">or</div>
            <button type="button" className="button button--discord button--block" onClick={() => navigate('/auth/discord')}>
              Sign up with Discord
            </button>
          </>
        )}
      </form>
    </AuthCard>
  );
}
