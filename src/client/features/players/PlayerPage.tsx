// /game/players/:playerId: a player's profile (alliance, description, vacations, villages with links to the map, ranks) with Send message; one's own has an edit form.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiFailure, apiError } from '../../api/client';
import { updateMyProfile, type PlayerProfile, type ProfileVillage } from '../../api/players';
import { normaliseFreeText } from '../../../rules/validation';
import { profileQuery } from '../../state/queries';
import { putQueryData } from '../../state/queryClient';
import { userIdAtom } from '../../state/session';
import { selectedVillageAtom } from '../../state/village';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format';
import { CrownIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { DESCRIPTION_MAX, descriptionError, descriptionLength, farmListPath, mapPath } from './model';
import './players.css';

function DescriptionForm({ profile }: { profile: PlayerProfile }) {
  const { t } = useTranslation('players');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const [text, setText] = useState(profile.description);
  const save = useAction({
    mutationFn: (description: string) => updateMyProfile(description),
    // The reply is the profile as others now see it.
    onSuccess: (saved) => putQueryData(client, profileQuery(viewer, saved.player.id).queryKey, saved),
    success: t('edit.saved'),
    failure: t('edit.saveFailed'),
  });
  const length = descriptionLength(text);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const refused = descriptionError(text);
    if (refused) save.refuse(refused);
    else save.run(normaliseFreeText(text));
  }

  return (
    <form className="profile__edit" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('edit.label')}</label>
        <textarea
          id={`${id}-description`}
          className="input"
          rows={4}
          value={text}
          aria-describedby={`${id}-count`}
          onChange={(event) => {
            setText(event.target.value);
            save.mutation.reset();
          }}
        />
        <span id={`${id}-count`} className={length > DESCRIPTION_MAX ? 'profile__count profile__count--over' : 'profile__count'}>
          {t('edit.characters', { length, max: DESCRIPTION_MAX })}
        </span>
      </div>
      <div className="row">
        <ActionButton type="submit" className="button button--small" pending={save.pending} busyLabel={t('edit.saving')}>
          {t('edit.save')}
        </ActionButton>
        <ActionOutcome message={save.outcome} />
      </div>
    </form>
  );
}

function Coordinates({ village, mapWorldId }: { village: ProfileVillage; mapWorldId: string | null }) {
  const { t } = useTranslation('players');
  const text = `(${village.x}|${village.y})`;
  // The map shows the world of the selected village: only tiles of that world can be shown there.
  if (village.world.id !== mapWorldId) return <>{text}</>;
  return (
    <Link to={mapPath(village)} aria-label={t('villages.onMap', { coordinates: text })}>
      {text}
    </Link>
  );
}

/** Another player's villages in the world the player plays (the selected village's) may go on a farm list. */
function VillagesTable({ villages, farmable }: { villages: ProfileVillage[]; farmable: boolean }) {
  const { t } = useTranslation('players');
  const mapWorldId = useAtomValue(selectedVillageAtom)?.worldId ?? null;
  if (villages.length === 0) return <p className="muted">{t('villages.none')}</p>;
  return (
    <div className="table-wrap">
      <table className="table profile__villages">
        <caption>{t('villages.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('villages.name')}</th>
            <th scope="col">{t('villages.world')}</th>
            <th scope="col">{t('villages.coordinates')}</th>
            <th scope="col" className="profile__number">
              {t('villages.population')}
            </th>
          </tr>
        </thead>
        <tbody>
          {villages.map((village) => (
            <tr key={village.id}>
              <td>
                {village.name}
                {village.isCapital && (
                  <span className="profile__capital">
                    <CrownIcon size={14} />
                    <span className="visually-hidden"> {t('villages.capital')}</span>
                  </span>
                )}
              </td>
              <td>{village.world.name}</td>
              <td>
                <Coordinates village={village} mapWorldId={mapWorldId} />
                {farmable && village.world.id === mapWorldId && (
                  <>
                    {' · '}
                    <Link to={farmListPath(village)} aria-label={t('villages.addNamed', { name: village.name })}>
                      {t('villages.add')}
                    </Link>
                  </>
                )}
              </td>
              <td className="profile__number">{formatNumber(village.population)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Profile({ profile }: { profile: PlayerProfile }) {
  const { t } = useTranslation('players');
  return (
    <>
      <header className="card profile__header">
        <div className="profile__title">
          <h1 id="profile-title" className="page__title">
            {profile.player.username}
            {profile.isMe && <span className="badge badge--gold profile__you">{t('profile.you')}</span>}
          </h1>
          <p className="profile__alliance">
            {profile.alliance ? (
              <>
                <span className="profile__tag">[{profile.alliance.tag}]</span> {profile.alliance.name}
              </>
            ) : (
              <span className="muted">{t('profile.noAlliance')}</span>
            )}
          </p>
        </div>
        {!profile.isMe && (
          <Link className="button" to={`/game/messages/new?to=${encodeURIComponent(profile.player.username)}`}>
            {t('profile.sendMessage')}
          </Link>
        )}
      </header>

      <section className="card" aria-labelledby="profile-about">
        <h2 id="profile-about">{t('profile.about')}</h2>
        {profile.description ? (
          // Text only, line breaks kept: what a player wrote is never read as markup.
          <p className="profile__description">{profile.description}</p>
        ) : (
          <p className="muted">{profile.isMe ? t('profile.nothingAboutYou') : t('profile.nothingWritten')}</p>
        )}
        {profile.isMe && <DescriptionForm profile={profile} />}
        <dl className="profile__facts">
          <div>
            <dt>{t('profile.population')}</dt>
            <dd>{formatNumber(profile.population)}</dd>
          </div>
          <div>
            <dt>{t('villages.title')}</dt>
            <dd>{profile.villages.length}</dd>
          </div>
          <div>
            <dt>{t('profile.playingSince')}</dt>
            <dd>
              <time dateTime={profile.foundedAt}>{formatDate(profile.foundedAt)}</time>
            </dd>
          </div>
          {profile.vacations.map((away) => (
            <div key={away.worldId} data-testid="profile-vacation">
              <dt>{t('profile.onVacation')}</dt>
              <dd>
                {profile.villages.find((v) => v.world.id === away.worldId)?.world.name ?? t('profile.inAWorld')} {t('profile.until')}{' '}
                <time dateTime={away.until}>{formatDateTime(away.until)}</time>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {profile.standings.length > 0 && (
        <section className="card" aria-labelledby="profile-ranks">
          <h2 id="profile-ranks">{t('profile.rank')}</h2>
          <ul className="profile__standings">
            {profile.standings.map((standing) => (
              <li key={standing.world.id}>
                <strong>{standing.world.name}</strong>: {standing.rank === null ? t('profile.notRanked') : `#${standing.rank}`}{' '}
                <span className="muted">{t('profile.standingPopulation', { population: formatNumber(standing.population) })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="card">
        <VillagesTable villages={profile.villages} farmable={!profile.isMe} />
      </section>
    </>
  );
}

export default function PlayerPage() {
  const { t } = useTranslation('players');
  const playerId = useParams().playerId ?? '';
  const viewer = useAtomValue(userIdAtom);
  const read = useQuery(profileQuery(viewer, playerId));
  const missing = read.error instanceof ApiFailure && (read.error.status === 404 || read.error.status === 400);
  return (
    <section className="page profile" aria-labelledby="profile-title">
      {read.data && <Profile profile={read.data} />}
      {!read.data && read.isError && (
        <>
          <h1 id="profile-title" className="page__title">
            {t('page.title')}
          </h1>
          <div className="card">
            <p>{missing ? t('page.missing') : apiError(read.error, t('page.loadFailed'))}</p>
            {!missing && (
              <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
                {t('page.tryAgain')}
              </button>
            )}
          </div>
        </>
      )}
      {!read.data && !read.isError && <Spinner label={t('page.loading')} />}
    </section>
  );
}
