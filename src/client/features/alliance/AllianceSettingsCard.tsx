// The alliance's settings for ranks with the describe right: its description and whether it takes applications.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { updateMyAlliance, type Alliance } from '../../api/alliances';
import { ALLIANCE_DESCRIPTION_MAX_LENGTH, allianceDescriptionError, normaliseFreeText } from '../../../rules/validation';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { allianceChanged } from './allianceCache';
import { characterCount } from '../../../rules/validation';
import { ruleText } from './refusals';

export interface AllianceSettingsCardProps {
  alliance: Pick<Alliance, 'description' | 'isPublic'>;
}

export function AllianceSettingsCard({ alliance }: AllianceSettingsCardProps) {
  const { t } = useTranslation('alliance');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const [description, setDescription] = useState(alliance.description);
  const [isPublic, setIsPublic] = useState(alliance.isPublic);
  // The reply is the alliance as it now stands; the directory shows whether it is open.
  const save = useAction({
    mutationFn: (settings: { description: string; isPublic: boolean }) => updateMyAlliance(settings),
    onSuccess: (reply) => allianceChanged(client, viewer, reply, { directory: true }),
    success: t('settings.saved'),
    failure: t('settings.saveFailed'),
  });
  const length = characterCount(description);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refused = allianceDescriptionError(description);
    if (refused) save.refuse(ruleText(refused));
    else save.run({ description: normaliseFreeText(description), isPublic });
  }

  return (
    <section className="card alliance-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('settings.title')}</h2>
      <form className="stack" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-description`}>{t('fields.description')}</label>
          <textarea
            id={`${id}-description`}
            className="input"
            rows={4}
            value={description}
            aria-describedby={`${id}-count`}
            onChange={(event) => {
              setDescription(event.target.value);
              save.mutation.reset();
            }}
          />
          <span id={`${id}-count`} className={length > ALLIANCE_DESCRIPTION_MAX_LENGTH ? 'alliance-counter alliance-counter--over' : 'alliance-counter'}>
            {t('fields.characters', { length, max: ALLIANCE_DESCRIPTION_MAX_LENGTH })}
          </span>
        </div>
        <label className="alliance-checkbox">
          <input
            type="checkbox"
            checked={isPublic}
            aria-describedby={`${id}-open-hint`}
            onChange={(event) => {
              setIsPublic(event.target.checked);
              save.mutation.reset();
            }}
          />
          {t('settings.open')}
        </label>
        <p id={`${id}-open-hint`} className="field__hint">
          {t('settings.openHint')}
        </p>
        <ActionOutcome message={save.outcome} />
        <div className="row">
          <ActionButton type="submit" className="button button--small" pending={save.pending} busyLabel={t('actions.saving')}>
            {t('actions.save')}
          </ActionButton>
        </div>
      </form>
    </section>
  );
}
