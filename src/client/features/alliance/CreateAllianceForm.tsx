// The form that founds an alliance: name, tag, description and public flag, with the rules' messages beside the fields.
import { useId, useState, type FormEvent } from 'react';
import { apiError } from '../../api/client';
import { createAlliance, type AllianceWithMembership } from '../../api/alliances';
import {
  ALLIANCE_DESCRIPTION_MAX_LENGTH,
  ALLIANCE_NAME_MAX_LENGTH,
  ALLIANCE_TAG_MAX_LENGTH,
  hasErrors,
  validateAllianceForm,
  type AllianceForm,
  type FieldErrors,
} from '../../../rules/validation';

export const CREATE_FAILED = 'Failed to create alliance';

export interface CreateAllianceFormProps {
  /** The new alliance with the founder's membership: the page shows it at once. */
  onCreated: (created: AllianceWithMembership) => void;
  onCancel?: () => void;
}

export function CreateAllianceForm({ onCreated, onCancel }: CreateAllianceFormProps) {
  const id = useId();
  const [form, setForm] = useState<AllianceForm>({ name: '', tag: '', description: '' });
  const [isPublic, setIsPublic] = useState(true);
  const [errors, setErrors] = useState<FieldErrors<keyof AllianceForm>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function edit(field: keyof AllianceForm, value: string) {
    setForm((old) => ({ ...old, [field]: value }));
    // A message goes away as soon as the player works on that field.
    setErrors((old) => ({ ...old, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found = validateAllianceForm(form);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const created = await createAlliance({
        name: form.name.trim(),
        tag: form.tag.trim(),
        description: form.description.trim(),
        isPublic,
      });
      onCreated(created);
    } catch (error) {
      setFailure(apiError(error, CREATE_FAILED));
      setBusy(false);
    }
  }

  const field = (name: keyof AllianceForm) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const message = (name: keyof AllianceForm) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="field__error">
        {errors[name]}
      </p>
    );

  return (
    <form className="form card alliance-create" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Found an alliance</h2>
      <div className="alliance-create__row">
        <div className="field alliance-create__name">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            {...field('name')}
            className="input"
            autoComplete="off"
            placeholder={`Up to ${ALLIANCE_NAME_MAX_LENGTH} characters`}
            value={form.name}
            onChange={(event) => edit('name', event.target.value)}
          />
          {message('name')}
        </div>
        <div className="field alliance-create__tag">
          <label htmlFor={`${id}-tag`}>Tag</label>
          <input
            {...field('tag')}
            className="input"
            autoComplete="off"
            placeholder="e.g. WOLF"
            // Tags are capitals and digits: typing in lower case is taken as meant in capitals.
            value={form.tag}
            onChange={(event) => edit('tag', event.target.value.toUpperCase())}
          />
          {message('tag') ?? <p className="field__hint">3 to {ALLIANCE_TAG_MAX_LENGTH} letters A-Z or digits</p>}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          {...field('description')}
          className="input"
          rows={3}
          placeholder={`What your alliance stands for (up to ${ALLIANCE_DESCRIPTION_MAX_LENGTH} characters)`}
          value={form.description}
          onChange={(event) => edit('description', event.target.value)}
        />
        {message('description')}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} />
        Public alliance
      </label>
      {failure && (
        <p className="alert alert--compact" role="alert">
          {failure}
        </p>
      )}
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          Found Alliance
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
