// One labelled input of an auth form: its error beside it, announced with the field, and an optional hint below (the password checklist).
import type { ReactNode } from 'react';
import { validationText } from '../../i18n/validation';

interface AuthFieldProps {
  id: string;
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  error: string | undefined;
  /** The id of the hint below the input, which screen readers read with it. */
  hintId?: string;
  hint?: ReactNode;
  onChange: (value: string) => void;
}

export function AuthField({ id, name, label, type, autoComplete, value, error, hintId, hint, onChange }: AuthFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {validationText(error)}
        </p>
      )}
      {hint}
    </div>
  );
}
