// The announcement pinned on the alliance's page, and for ranks with the announce right the box that posts a new one or takes it down.
import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { setAllianceAnnouncement, type Alliance, type Membership } from '../../api/alliances';
import { hasRight } from '../../../rules/alliances';
import { ANNOUNCEMENT_MAX_LENGTH, announcementError, normaliseFreeText } from '../../../rules/validation';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDateTime } from '../../i18n/format';
import { PlayerLink } from '../../ui/PlayerLink';
import { useAction } from '../../ui/useAction';
import { allianceChanged } from './allianceCache';
import { characterCount } from '../../../rules/validation';
import { ruleText } from './refusals';

export interface AnnouncementCardProps {
  announcement: Alliance['announcement'];
  myRole: Membership['role'];
}

function AnnouncementForm({ pinned }: { pinned: boolean }) {
  const { t } = useTranslation('alliance');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  // The reply is the alliance with its new announcement: the card shows it at once, and every member hears of it.
  const post = useAction({
    mutationFn: (text: string) => setAllianceAnnouncement(text),
    onSuccess: (reply) => {
      allianceChanged(client, viewer, reply);
      setDraft('');
    },
    success: t('announcement.posted'),
    failure: t('announcement.postFailed'),
  });
  const takeDown = useAction({
    mutationFn: () => setAllianceAnnouncement(''),
    onSuccess: (reply) => allianceChanged(client, viewer, reply),
    success: t('announcement.takenDown'),
    failure: t('announcement.takeDownFailed'),
  });
  const length = characterCount(draft);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    takeDown.mutation.reset();
    const text = normaliseFreeText(draft);
    // An empty text would take the announcement down: that has its own button.
    const refused = text === '' ? t('announcement.writeFirst') : ruleText(announcementError(text));
    if (refused) post.refuse(refused);
    else post.run(text);
  }

  return (
    <form className="alliance-announcement__form" onSubmit={onSubmit} noValidate aria-label={t('announcement.formLabel')}>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('announcement.field')}</label>
        <textarea
          id={`${id}-text`}
          className="input"
          rows={3}
          value={draft}
          aria-describedby={`${id}-count`}
          onChange={(event) => {
            setDraft(event.target.value);
            post.mutation.reset();
          }}
        />
        <span id={`${id}-count`} className={length > ANNOUNCEMENT_MAX_LENGTH ? 'alliance-counter alliance-counter--over' : 'alliance-counter'}>
          {t('fields.characters', { length, max: ANNOUNCEMENT_MAX_LENGTH })}
        </span>
      </div>
      <ActionOutcome message={post.outcome ?? takeDown.outcome} />
      <div className="row">
        <ActionButton type="submit" className="button button--small" pending={post.pending} disabled={takeDown.pending}>
          {t('announcement.post')}
        </ActionButton>
        {pinned && (
          <ActionButton className="button button--secondary button--small" pending={takeDown.pending} disabled={post.pending} onClick={() => {
            post.mutation.reset();
            takeDown.run();
          }}>
            {t('announcement.takeDown')}
          </ActionButton>
        )}
      </div>
    </form>
  );
}

export function AnnouncementCard({ announcement, myRole }: AnnouncementCardProps) {
  const { t } = useTranslation('alliance');
  const id = useId();
  return (
    <section className="card alliance-announcement" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('announcement.title')}</h2>
      {announcement ? (
        <>
          {/* Text only, line breaks kept: what a member wrote is never read as markup. */}
          <p className="alliance-announcement__text">{announcement.text}</p>
          <p className="alliance-announcement__by muted">
            <Trans
              t={t}
              i18nKey="announcement.postedBy"
              values={{ when: formatDateTime(announcement.postedAt) }}
              components={{ player: <PlayerLink player={announcement.author} fallback={t('people.fromAFormerMember')} />, time: <time dateTime={announcement.postedAt} /> }}
            />
          </p>
        </>
      ) : (
        <p className="muted">{t('announcement.none')}</p>
      )}
      {hasRight(myRole, 'announce') && <AnnouncementForm pinned={announcement !== null} />}
    </section>
  );
}
