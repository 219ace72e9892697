// The form that founds an alliance: name, tag, description and public flag, with the rules' messages beside the fields.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { createAlliance, type CreateAllianceRequest } from '../../api/alliances';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import {
  ALLIANCE_DESCRIPTION_MAX_LENGTH,
  ALLIANCE_NAME_MAX_LENGTH,
  ALLIANCE_TAG_MAX_LENGTH,
  hasErrors,
  validateAllianceForm,
  type AllianceForm,
  type FieldErrors,
} from '../../../rules/validation';
import { joined } from './allianceCache';
import { ruleText } from './refusals';

export interface CreateAllianceFormProps {
  onCancel?: () => void;
}

export function CreateAllianceForm({ onCancel }: CreateAllianceFormProps) {
  const { t } = useTranslation('alliance');
  const id = useId();
  const [form, setForm] = useState<AllianceForm>({ name: '', tag: '', description: '' });
  const [isPublic, setIsPublic] = useState(true);
  const [errors, setErrors] = useState<FieldErrors<keyof AllianceForm>>({});
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  // The reply is the new alliance with the founder's membership: the page shows it at once.
  const create = useAction({
    mutationFn: (request: CreateAllianceRequest) => createAlliance(request),
    onSuccess: (created) => joined(client, viewer, created),
    failure: t('create.failed'),
  });

  function edit(field: keyof AllianceForm, value: string) {
    setForm((old) => ({ ...old, [field]: value }));
    // A message goes away as soon as the player works on that field.
    setErrors((old) => ({ ...old, [field]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutation.reset();
    const found = validateAllianceForm(form);
    setErrors(found);
    if (hasErrors(found)) return;
    create.run({ name: form.name.trim(), tag: form.tag.trim(), description: form.description.trim(), isPublic });
  }

  const field = (name: keyof AllianceForm) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const message = (name: keyof AllianceForm) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="field__error">
        {ruleText(errors[name])}
      </p>
    );

  return (
    <form className="form card alliance-create" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('create.title')}</h2>
      <div className="alliance-create__row">
        <div className="field alliance-create__name">
          <label htmlFor={`${id}-name`}>{t('create.name')}</label>
          <input
            {...field('name')}
            className="input"
            autoComplete="off"
            placeholder={t('create.namePlaceholder', { max: ALLIANCE_NAME_MAX_LENGTH })}
            value={form.name}
            onChange={(event) => edit('name', event.target.value)}
          />
          {message('name')}
        </div>
        <div className="field alliance-create__tag">
          <label htmlFor={`${id}-tag`}>{t('create.tag')}</label>
          <input
            {...field('tag')}
            className="input"
            autoComplete="off"
            placeholder={t('fields.tagPlaceholder')}
            // Tags are capitals and digits: typing in lower case is taken as meant in capitals.
            value={form.tag}
            onChange={(event) => edit('tag', event.target.value.toUpperCase())}
          />
          {message('tag') ?? <p className="field__hint">{t('create.tagHint', { max: ALLIANCE_TAG_MAX_LENGTH })}</p>}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('fields.description')}</label>
        <textarea
          {...field('description')}
          className="input"
          rows={3}
          placeholder={t('create.descriptionPlaceholder', { max: ALLIANCE_DESCRIPTION_MAX_LENGTH })}
          value={form.description}
          onChange={(event) => edit('description', event.target.value)}
        />
        {message('description')}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} />
        {t('create.public')}
      </label>
      <ActionOutcome message={create.outcome} />
      <div className="row">
        <ActionButton type="submit" className="button" pending={create.pending || create.mutation.isSuccess}>
          {t('create.submit')}
        </ActionButton>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('actions.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
