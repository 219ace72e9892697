// /game/players/:playerId: a player's profile (alliance, description, vacations, villages with links to the map, ranks) with Send message; one's own has an edit form.
import { useId, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiFailure, apiError } from '../../api/client';
import { updateMyProfile, type PlayerProfile, type ProfileVillage } from '../../api/players';
import { formatNumber } from '../../../rules/format';
import { normaliseFreeText } from '../../../rules/validation';
import { profileQuery } from '../../state/queries';
import { putQueryData } from '../../state/queryClient';
import { userIdAtom } from '../../state/session';
import { selectedVillageAtom } from '../../state/village';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { formatDate, formatDateTime } from '../../ui/dates';
import { CrownIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { DESCRIPTION_MAX, descriptionError, descriptionLength, farmListPath, mapPath } from './model';
import './players.css';

function DescriptionForm({ profile }: { profile: PlayerProfile }) {
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const [text, setText] = useState(profile.description);
  const save = useAction({
    mutationFn: (description: string) => updateMyProfile(description),
    // The reply is the profile as others now see it.
    onSuccess: (saved) => putQueryData(client, profileQuery(viewer, saved.player.id).queryKey, saved),
    success: 'Your description is saved.',
    failure: 'Failed to save your description',
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
        <label htmlFor={`${id}-description`}>About you</label>
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
          {length}/{DESCRIPTION_MAX} characters
        </span>
      </div>
      <div className="row">
        <ActionButton type="submit" className="button button--small" pending={save.pending} busyLabel="Saving...">
          Save description
        </ActionButton>
        <ActionOutcome message={save.outcome} />
      </div>
    </form>
  );
}

function Coordinates({ village, mapWorldId }: { village: ProfileVillage; mapWorldId: string | null }) {
  const text = `(${village.x}|${village.y})`;
  // The map shows the world of the selected village: only tiles of that world can be shown there.
  if (village.world.id !== mapWorldId) return <>{text}</>;
  return (
    <Link to={mapPath(village)} aria-label={`${text} on the map`}>
      {text}
    </Link>
  );
}

/** Another player's villages in the world the player plays (the selected village's) may go on a farm list. */
function VillagesTable({ villages, farmable }: { villages: ProfileVillage[]; farmable: boolean }) {
  const mapWorldId = useAtomValue(selectedVillageAtom)?.worldId ?? null;
  if (villages.length === 0) return <p className="muted">No villages.</p>;
  return (
    <div className="table-wrap">
      <table className="table profile__villages">
        <caption>Villages</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">World</th>
            <th scope="col">Coordinates</th>
            <th scope="col" className="profile__number">
              Population
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
                    <span className="visually-hidden"> (capital)</span>
                  </span>
                )}
              </td>
              <td>{village.world.name}</td>
              <td>
                <Coordinates village={village} mapWorldId={mapWorldId} />
                {farmable && village.world.id === mapWorldId && (
                  <>
                    {' · '}
                    <Link to={farmListPath(village)} aria-label={`Add ${village.name} to a farm list`}>
                      Add to farm list
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
  return (
    <>
      <header className="card profile__header">
        <div className="profile__title">
          <h1 id="profile-title" className="page__title">
            {profile.player.username}
            {profile.isMe && <span className="badge badge--gold profile__you">You</span>}
          </h1>
          <p className="profile__alliance">
            {profile.alliance ? (
              <>
                <span className="profile__tag">[{profile.alliance.tag}]</span> {profile.alliance.name}
              </>
            ) : (
              <span className="muted">No alliance</span>
            )}
          </p>
        </div>
        {!profile.isMe && (
          <Link className="button" to={`/game/messages/new?to=${encodeURIComponent(profile.player.username)}`}>
            Send message
          </Link>
        )}
      </header>

      <section className="card" aria-labelledby="profile-about">
        <h2 id="profile-about">About</h2>
        {profile.description ? (
          // Text only, line breaks kept: what a player wrote is never read as markup.
          <p className="profile__description">{profile.description}</p>
        ) : (
          <p className="muted">{profile.isMe ? 'You have not written anything about yourself yet.' : 'Nothing written yet.'}</p>
        )}
        {profile.isMe && <DescriptionForm profile={profile} />}
        <dl className="profile__facts">
          <div>
            <dt>Total population</dt>
            <dd>{formatNumber(profile.population)}</dd>
          </div>
          <div>
            <dt>Villages</dt>
            <dd>{profile.villages.length}</dd>
          </div>
          <div>
            <dt>Playing since</dt>
            <dd>
              <time dateTime={profile.foundedAt}>{formatDate(profile.foundedAt)}</time>
            </dd>
          </div>
          {profile.vacations.map((away) => (
            <div key={away.worldId} data-testid="profile-vacation">
              <dt>On vacation</dt>
              <dd>
                {profile.villages.find((v) => v.world.id === away.worldId)?.world.name ?? 'In a world'} until{' '}
                <time dateTime={away.until}>{formatDateTime(away.until)}</time>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {profile.standings.length > 0 && (
        <section className="card" aria-labelledby="profile-ranks">
          <h2 id="profile-ranks">Rank</h2>
          <ul className="profile__standings">
            {profile.standings.map((standing) => (
              <li key={standing.world.id}>
                <strong>{standing.world.name}</strong>: {standing.rank === null ? 'not ranked yet' : `#${standing.rank}`}{' '}
                <span className="muted">({formatNumber(standing.population)} population)</span>
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
            Player
          </h1>
          <div className="card">
            <p>{missing ? 'There is no such player.' : apiError(read.error, 'Could not load the player.')}</p>
            {!missing && (
              <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
                Try again
              </button>
            )}
          </div>
        </>
      )}
      {!read.data && !read.isError && <Spinner label="Loading the player..." />}
    </section>
  );
}
