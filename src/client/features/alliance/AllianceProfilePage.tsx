// /game/alliances/:allianceId: an alliance as anyone sees it (figures, description, members by rank, its public relations) and, for a player outside any alliance, the way to apply.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiFailure, apiError } from '../../api/client';
import { applyToAlliance, declineApplication, type AllianceProfile, type MyApplication } from '../../api/alliances';
import { rankOrder, roleLabel } from '../../../rules/alliances';
import { DIPLOMACY_KINDS } from '../../../rules/diplomacy';
import { formatNumber } from '../../../rules/format';
import { normaliseFreeText } from '../../../rules/validation';
import { allianceProfileQuery, myAllianceQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDate, formatDateTime } from '../../ui/dates';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';
import { AllianceLink, DIRECTORY_PATH } from './AllianceLink';
import { applied, withdrawn } from './allianceCache';
import { EmbassyNote, embassyAllows } from './EmbassyNote';
import { APPLICATION_MESSAGE_MAX_LENGTH, applicationMessageError } from '../../../rules/validation';
import { kindsName } from './relations';
import './alliance.css';

/** The application waiting, with Withdraw. */
function WaitingApplication({ application }: { application: MyApplication }) {
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const withdraw = useAction({
    mutationFn: () => declineApplication(application.id),
    onSuccess: () => withdrawn(client, viewer, application),
    failure: 'Failed to withdraw the application',
  });
  return (
    <>
      <p className="alliance-apply__waiting">
        <strong>Your application is waiting</strong> <span className="muted">since {formatDateTime(application.createdAt)}.</span>
      </p>
      {application.message && <blockquote className="invitation__message">{application.message}</blockquote>}
      <ActionOutcome message={withdraw.outcome} />
      <div className="row">
        <ActionButton className="button button--secondary" pending={withdraw.pending || withdraw.mutation.isSuccess} onClick={() => withdraw.run()}>
          Withdraw
        </ActionButton>
      </div>
    </>
  );
}

/** The form that applies: an optional message on one line; shut while the alliance is full or the player has no embassy. */
function ApplyForm({ profile, embassyLevel }: { profile: AllianceProfile; embassyLevel: number }) {
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const [message, setMessage] = useState('');
  // The reply is the application: the page says it waits, and it joins the player's list.
  const apply = useAction({
    mutationFn: (text: string) => applyToAlliance(profile.id, text),
    onSuccess: (application) => applied(client, viewer, application),
    failure: 'Failed to send the application',
  });
  const full = profile.memberCount >= profile.memberCap;
  const mayJoin = embassyAllows('join', embassyLevel);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refused = applicationMessageError(message);
    if (refused) apply.refuse(refused);
    else apply.run(normaliseFreeText(message));
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label={`Apply to ${profile.name}`}>
      {full && (
        <p id={`${id}-note`} className="alliance-embassy alliance-embassy--short">
          The alliance is full ({formatNumber(profile.memberCount)} of {formatNumber(profile.memberCap)} members).
        </p>
      )}
      {!full && !mayJoin && <EmbassyNote need="join" level={embassyLevel} id={`${id}-note`} />}
      <div className="field">
        <label htmlFor={`${id}-message`}>Message (optional)</label>
        <input
          id={`${id}-message`}
          className="input"
          autoComplete="off"
          placeholder={`Why should they take you in? Up to ${APPLICATION_MESSAGE_MAX_LENGTH} characters`}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            apply.mutation.reset();
          }}
        />
      </div>
      <ActionOutcome message={apply.outcome} />
      <div className="row">
        <ActionButton
          type="submit"
          className="button"
          pending={apply.pending}
          disabled={full || !mayJoin}
          aria-describedby={full || !mayJoin ? `${id}-note` : undefined}
        >
          Apply
        </ActionButton>
      </div>
    </form>
  );
}

/** What the player may do about joining: apply, wait, nothing (invitation only), or go to their own alliance. */
function JoinCard({ profile }: { profile: AllianceProfile }) {
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const mine = useQuery(myAllianceQuery(viewer)).data;
  if (!mine) return null;
  let body: ReactNode;
  if (mine.alliance?.id === profile.id) {
    body = (
      <p>
        This is your alliance. <Link to="/game/alliance">Go to your alliance</Link>
      </p>
    );
  } else if (mine.alliance) {
    body = (
      <p className="muted">
        You are a member of <AllianceLink alliance={mine.alliance} />. A player belongs to one alliance at a time.
      </p>
    );
  } else if (profile.myApplication) {
    body = <WaitingApplication application={profile.myApplication} />;
  } else if (!profile.isPublic) {
    body = <p className="muted">[{profile.tag}] takes members by invitation only.</p>;
  } else {
    body = <ApplyForm profile={profile} embassyLevel={mine.embassyLevel} />;
  }
  return (
    <section className="card alliance-apply" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Join</h2>
      {body}
    </section>
  );
}

function Profile({ profile }: { profile: AllianceProfile }) {
  // Highest rank first; the server's order within a rank.
  const members = [...profile.members].sort((a, b) => rankOrder(a.role) - rankOrder(b.role));
  return (
    <>
      <header className="card alliance-header">
        <div className="alliance-header__text">
          <h1 id="alliance-profile-title" className="alliance-header__name">
            <span className="alliance-tag">[{profile.tag}]</span> {profile.name}
          </h1>
          <p className="alliance-header__openness">
            <span className={profile.isPublic ? 'badge badge--green' : 'badge badge--grey'}>{profile.isPublic ? 'Open to applications' : 'Invite only'}</span>
          </p>
          {/* Text only, line breaks kept: what a member wrote is never read as markup. */}
          <p className="alliance-header__description">{profile.description}</p>
          <ul className="alliance-header__facts" aria-label="Alliance figures">
            <li>
              <strong>
                {formatNumber(profile.memberCount)} / {formatNumber(profile.memberCap)}
              </strong>{' '}
              members
            </li>
            <li>
              <strong>{formatNumber(profile.totalVillages)}</strong> {profile.totalVillages === 1 ? 'village' : 'villages'}
            </li>
            <li>
              <strong>{formatNumber(profile.totalPopulation)}</strong> population
            </li>
            <li>
              Founded <strong>{formatDate(profile.foundedAt)}</strong>
            </li>
          </ul>
        </div>
        <div className="alliance-header__actions">
          <Link className="button button--secondary button--small" to={DIRECTORY_PATH}>
            All alliances
          </Link>
        </div>
      </header>

      <JoinCard profile={profile} />

      <section className="card" aria-labelledby="alliance-profile-members">
        <h2 id="alliance-profile-members">Members</h2>
        <div className="table-wrap">
          <table className="table alliance-profile__members">
            <caption className="visually-hidden">Members of [{profile.tag}]</caption>
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">Rank</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.user.id}>
                  <td>
                    <PlayerLink player={member.user} />
                  </td>
                  <td>{roleLabel(member.role)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card" aria-labelledby="alliance-profile-diplomacy">
        <h2 id="alliance-profile-diplomacy">Diplomacy</h2>
        {profile.relations.length === 0 ? (
          <p className="muted">No confederations, pacts or wars.</p>
        ) : (
          <div className="alliance-relations">
            {DIPLOMACY_KINDS.map((kind) => {
              const relations = profile.relations.filter((relation) => relation.kind === kind);
              if (relations.length === 0) return null;
              return (
                <section key={kind} className={`alliance-relations__kind alliance-relations__kind--${kind}`} aria-labelledby={`alliance-profile-${kind}`}>
                  <h3 id={`alliance-profile-${kind}`}>{kindsName(kind)}</h3>
                  <ul className="alliance-relations__list" aria-label={kindsName(kind)}>
                    {relations.map((relation) => (
                      <li key={relation.alliance.id} className="alliance-relation">
                        <AllianceLink alliance={relation.alliance} />
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        )}
      </section>
    </>
  );
}

export default function AllianceProfilePage() {
  const allianceId = useParams().allianceId ?? '';
  const viewer = useAtomValue(userIdAtom);
  const read = useQuery(allianceProfileQuery(viewer, allianceId));
  const missing = read.error instanceof ApiFailure && (read.error.status === 404 || read.error.status === 400);
  return (
    <section className="page alliance alliance-profile" aria-labelledby="alliance-profile-title">
      {read.data && <Profile profile={read.data} />}
      {!read.data && read.isError && (
        <>
          <h1 id="alliance-profile-title" className="page__title">
            Alliance
          </h1>
          <div className="card alliance-failed">
            <p>{missing ? 'There is no such alliance. It may have dissolved.' : apiError(read.error, 'Could not load the alliance.')}</p>
            {missing ? (
              <Link className="button button--secondary" to={DIRECTORY_PATH}>
                All alliances
              </Link>
            ) : (
              <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
                Try again
              </button>
            )}
          </div>
        </>
      )}
      {!read.data && !read.isError && <Spinner label="Loading the alliance..." />}
    </section>
  );
}
