// /game/alliances/:allianceId: an alliance as anyone sees it (figures, description, members by rank, its public relations) and, for a player outside any alliance, the way to apply.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiFailure, apiError } from '../../api/client';
import { applyToAlliance, declineApplication, type AllianceProfile, type MyApplication } from '../../api/alliances';
import { rankOrder } from '../../../rules/alliances';
import { DIPLOMACY_KINDS } from '../../../rules/diplomacy';
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format';
import { normaliseFreeText } from '../../../rules/validation';
import { allianceProfileQuery, myAllianceQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';
import { AllianceLink, DIRECTORY_PATH } from './AllianceLink';
import { applied, withdrawn } from './allianceCache';
import { EmbassyNote, embassyAllows } from './EmbassyNote';
import { APPLICATION_MESSAGE_MAX_LENGTH, applicationMessageError } from '../../../rules/validation';
import { rankName } from './ranks';
import { ruleText } from './refusals';
import { kindsName } from './relations';
import './alliance.css';

/** The application waiting, with Withdraw. */
function WaitingApplication({ application }: { application: MyApplication }) {
  const { t } = useTranslation('alliance');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const withdraw = useAction({
    mutationFn: () => declineApplication(application.id),
    onSuccess: () => withdrawn(client, viewer, application),
    failure: t('myApplications.withdrawFailed'),
  });
  return (
    <>
      <p className="alliance-apply__waiting">
        <strong>{t('profile.waiting')}</strong> <span className="muted">{t('profile.waitingSince', { when: formatDateTime(application.createdAt) })}</span>
      </p>
      {application.message && <blockquote className="invitation__message">{application.message}</blockquote>}
      <ActionOutcome message={withdraw.outcome} />
      <div className="row">
        <ActionButton className="button button--secondary" pending={withdraw.pending || withdraw.mutation.isSuccess} onClick={() => withdraw.run()}>
          {t('actions.withdraw')}
        </ActionButton>
      </div>
    </>
  );
}

/** The form that applies: an optional message on one line; shut while the alliance is full or the player has no embassy. */
function ApplyForm({ profile, embassyLevel }: { profile: AllianceProfile; embassyLevel: number }) {
  const { t } = useTranslation('alliance');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const [message, setMessage] = useState('');
  // The reply is the application: the page says it waits, and it joins the player's list.
  const apply = useAction({
    mutationFn: (text: string) => applyToAlliance(profile.id, text),
    onSuccess: (application) => applied(client, viewer, application),
    failure: t('profile.applyFailed'),
  });
  const full = profile.memberCount >= profile.memberCap;
  const mayJoin = embassyAllows('join', embassyLevel);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refused = applicationMessageError(message);
    if (refused) apply.refuse(ruleText(refused));
    else apply.run(normaliseFreeText(message));
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label={t('profile.applyTo', { name: profile.name })}>
      {full && (
        <p id={`${id}-note`} className="alliance-embassy alliance-embassy--short">
          {t('profile.full', { members: formatNumber(profile.memberCount), cap: formatNumber(profile.memberCap) })}
        </p>
      )}
      {!full && !mayJoin && <EmbassyNote need="join" level={embassyLevel} id={`${id}-note`} />}
      <div className="field">
        <label htmlFor={`${id}-message`}>{t('fields.optionalMessage')}</label>
        <input
          id={`${id}-message`}
          className="input"
          autoComplete="off"
          placeholder={t('profile.applyPlaceholder', { max: APPLICATION_MESSAGE_MAX_LENGTH })}
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
          {t('profile.apply')}
        </ActionButton>
      </div>
    </form>
  );
}

/** What the player may do about joining: apply, wait, nothing (invitation only), or go to their own alliance. */
function JoinCard({ profile }: { profile: AllianceProfile }) {
  const { t } = useTranslation('alliance');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const mine = useQuery(myAllianceQuery(viewer)).data;
  if (!mine) return null;
  let body: ReactNode;
  if (mine.alliance?.id === profile.id) {
    body = (
      <p>
        <Trans t={t} i18nKey="profile.yours" components={{ goto: <Link to="/game/alliance" /> }} />
      </p>
    );
  } else if (mine.alliance) {
    body = (
      <p className="muted">
        <Trans t={t} i18nKey="profile.memberElsewhere" components={{ alliance: <AllianceLink alliance={mine.alliance} /> }} />
      </p>
    );
  } else if (profile.myApplication) {
    body = <WaitingApplication application={profile.myApplication} />;
  } else if (!profile.isPublic) {
    body = <p className="muted">{t('profile.invitationOnly', { tag: profile.tag })}</p>;
  } else {
    body = <ApplyForm profile={profile} embassyLevel={mine.embassyLevel} />;
  }
  return (
    <section className="card alliance-apply" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('profile.join')}</h2>
      {body}
    </section>
  );
}

function Profile({ profile }: { profile: AllianceProfile }) {
  const { t } = useTranslation('alliance');
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
            <span className={profile.isPublic ? 'badge badge--green' : 'badge badge--grey'}>{profile.isPublic ? t('settings.open') : t('openness.inviteOnly')}</span>
          </p>
          {/* Text only, line breaks kept: what a member wrote is never read as markup. */}
          <p className="alliance-header__description">{profile.description}</p>
          <ul className="alliance-header__facts" aria-label={t('header.figures')}>
            <li>
              <strong>
                {formatNumber(profile.memberCount)} / {formatNumber(profile.memberCap)}
              </strong> {t('profile.members')}
            </li>
            <li>
              <strong>{formatNumber(profile.totalVillages)}</strong> {t('header.villages', { count: profile.totalVillages })}
            </li>
            <li>
              <strong>{formatNumber(profile.totalPopulation)}</strong> {t('header.population')}
            </li>
            <li>
              <Trans t={t} i18nKey="profile.founded" values={{ date: formatDate(profile.foundedAt) }} components={{ strong: <strong /> }} />
            </li>
          </ul>
        </div>
        <div className="alliance-header__actions">
          <Link className="button button--secondary button--small" to={DIRECTORY_PATH}>
            {t('profile.all')}
          </Link>
        </div>
      </header>

      <JoinCard profile={profile} />

      <section className="card" aria-labelledby="alliance-profile-members">
        <h2 id="alliance-profile-members">{t('overview.members')}</h2>
        <div className="table-wrap">
          <table className="table alliance-profile__members">
            <caption className="visually-hidden">{t('profile.membersOf', { tag: profile.tag })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('profile.player')}</th>
                <th scope="col">{t('profile.rank')}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.user.id}>
                  <td>
                    <PlayerLink player={member.user} />
                  </td>
                  <td>{rankName(member.role)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card" aria-labelledby="alliance-profile-diplomacy">
        <h2 id="alliance-profile-diplomacy">{t('tabs.diplomacy')}</h2>
        {profile.relations.length === 0 ? (
          <p className="muted">{t('profile.noRelations')}</p>
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
  const { t } = useTranslation('alliance');
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
            {t('page.title')}
          </h1>
          <div className="card alliance-failed">
            <p>{missing ? t('profile.missing') : apiError(read.error, t('profile.loadFailed'))}</p>
            {missing ? (
              <Link className="button button--secondary" to={DIRECTORY_PATH}>
                {t('profile.all')}
              </Link>
            ) : (
              <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
                {t('actions.tryAgain')}
              </button>
            )}
          </div>
        </>
      )}
      {!read.data && !read.isError && <Spinner label={t('profile.loading')} />}
    </section>
  );
}
