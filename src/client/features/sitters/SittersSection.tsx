// The settings page's Sitters section: one's sitters (name one by username, Remove), the accounts one sits for (Play as the
// owner, Stop sitting), and the log of what sitters did in one's own account, page by page.
import { useId, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addSitter, removeSitter, startSitting, type SitterOverview } from '../../api/sitters';
import { queryKeys } from '../../state/queryKeys';
import { sitterLogQuery, sittersQuery } from '../../state/queries';
import { putQueryData } from '../../state/queryClient';
import { startSittingAtom, userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { formatDate, formatDateTime } from '../../ui/dates';
import { useAction } from '../../ui/useAction';
import { SITTER_LAPSE_DAYS } from '../../../rules/sitters';
import { nameRefusal, sittersRule } from './model';
import './sitters.css';

/** Puts a fresh overview in place (naming, removing and resigning all answer it). */
function useOverviewUpdate(): (overview: SitterOverview) => void {
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  return (overview) => putQueryData(client, queryKeys.sitters(viewer), overview);
}

/** One's own sitters: who they are, Remove, and the form that names another. */
function MySitters({ overview }: { overview: SitterOverview }) {
  const { t } = useTranslation('sitters');
  const id = useId();
  const [username, setUsername] = useState('');
  const update = useOverviewUpdate();
  const add = useAction({
    mutationFn: (name: string) => addSitter(name),
    onSuccess: (fresh) => {
      update(fresh);
      setUsername('');
    },
    success: (_fresh, name) => t('mine.named', { name: name.trim() }),
    failure: t('mine.nameFailed'),
  });
  const remove = useAction({
    mutationFn: (playerId: string) => removeSitter(playerId),
    onSuccess: update,
    success: t('mine.removed'),
    failure: t('mine.removeFailed'),
  });
  const full = overview.sitters.length >= overview.maxSitters;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const refused = nameRefusal(username, overview.sitters.length);
    if (refused) add.refuse(refused);
    else add.run(username.trim());
  }

  return (
    <div className="sitters__part">
      <h3 id={`${id}-mine`}>{t('mine.title')}</h3>
      {overview.sitters.length === 0 ? (
        <p className="muted">{t('mine.none')}</p>
      ) : (
        <ul className="sitters__list" aria-labelledby={`${id}-mine`} data-testid="my-sitters">
          {overview.sitters.map((sitter) => (
            <li key={sitter.user.id}>
              <PlayerLink player={sitter.user} /> <span className="muted">{t('since', { date: formatDate(sitter.since) })}</span>
              <ActionButton
                className="button button--secondary button--small"
                pending={remove.pending && remove.variables === sitter.user.id}
                busyLabel={t('mine.removing')}
                onClick={() => remove.run(sitter.user.id)}
                aria-label={t('mine.removeLabel', { name: sitter.user.username })}
              >
                {t('mine.remove')}
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
      <ActionOutcome message={remove.outcome} />
      <form className="sitters__form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('mine.nameLabel')}</label>
          <input
            id={`${id}-name`}
            className="input"
            value={username}
            maxLength={50}
            autoComplete="off"
            placeholder={t('mine.namePlaceholder')}
            disabled={full}
            onChange={(event) => {
              setUsername(event.target.value);
              add.mutation.reset();
            }}
          />
        </div>
        <ActionButton type="submit" className="button" disabled={full} pending={add.pending} busyLabel={t('mine.naming')}>
          {t('mine.name')}
        </ActionButton>
        <ActionOutcome message={add.outcome} />
      </form>
      {full && <p className="muted">{t('mine.full', { max: overview.maxSitters })}</p>}
    </div>
  );
}

/** The accounts one sits for: Play as the owner (a sitting session), or Stop sitting for them. */
function SittingFor({ overview }: { overview: SitterOverview }) {
  const { t } = useTranslation('sitters');
  const id = useId();
  const update = useOverviewUpdate();
  const navigate = useNavigate();
  const sitAs = useSetAtom(startSittingAtom);
  const play = useAction({
    mutationFn: (ownerId: string) => startSitting(ownerId),
    onSuccess: (session) => {
      sitAs(session);
      navigate('/game/village');
    },
    failure: t('sittingFor.playFailed'),
  });
  const resign = useAction({
    mutationFn: (ownerId: string) => removeSitter(ownerId),
    onSuccess: update,
    success: t('sittingFor.stopped'),
    failure: t('sittingFor.stopFailed'),
  });
  return (
    <div className="sitters__part">
      <h3 id={`${id}-for`}>{t('sittingFor.title')}</h3>
      {overview.sittingFor.length === 0 ? (
        <p className="muted">{t('sittingFor.none')}</p>
      ) : (
        <ul className="sitters__list" aria-labelledby={`${id}-for`} data-testid="sitting-for">
          {overview.sittingFor.map((owner) => (
            <li key={owner.user.id}>
              <PlayerLink player={owner.user} /> <span className="muted">{t('since', { date: formatDate(owner.since) })}</span>
              {owner.lapsed && <span className="sitters__lapsed">{t('sittingFor.lapsed', { days: SITTER_LAPSE_DAYS })}</span>}
              <ActionButton
                className="button button--small"
                disabled={owner.lapsed}
                pending={play.pending && play.variables === owner.user.id}
                busyLabel={t('sittingFor.opening')}
                onClick={() => play.run(owner.user.id)}
              >
                {t('sittingFor.play', { name: owner.user.username })}
              </ActionButton>
              <ActionButton
                className="button button--secondary button--small"
                pending={resign.pending && resign.variables === owner.user.id}
                busyLabel={t('sittingFor.stopping')}
                onClick={() => resign.run(owner.user.id)}
                aria-label={t('sittingFor.stopLabel', { name: owner.user.username })}
              >
                {t('sittingFor.stop')}
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
      <ActionOutcome message={play.outcome ?? resign.outcome} />
    </div>
  );
}

/** What sitters did in one's own account, newest first, a page at a time. */
function SitterLog() {
  const { t } = useTranslation('sitters');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const [page, setPage] = useState(1);
  const log = useQuery(sitterLogQuery(viewer, page));
  const entries = log.data?.entries ?? [];
  return (
    <div className="sitters__part">
      <h3 id={`${id}-log`}>{t('log.title')}</h3>
      {log.isPending && <Spinner label={t('log.loading')} />}
      {log.isError && <p className="alert">{t('log.couldNotLoad')}</p>}
      {log.data && entries.length === 0 && <p className="muted">{page === 1 ? t('log.empty') : t('log.nothingMore')}</p>}
      {entries.length > 0 && (
        <div className="table-wrap">
          <table className="table sitters__log" aria-labelledby={`${id}-log`} data-testid="sitter-log">
            <thead>
              <tr>
                <th scope="col">{t('log.when')}</th>
                <th scope="col">{t('log.sitter')}</th>
                <th scope="col">{t('log.what')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </td>
                  <td>
                    <PlayerLink player={entry.sitter} fallback={t('log.deleted')} />
                  </td>
                  <td>{entry.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(page > 1 || log.data?.hasMore) && (
        <nav className="row sitters__pages" aria-label={t('log.pages')}>
          <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('log.newer')}
          </button>
          <span className="muted">{t('log.page', { page })}</span>
          <button type="button" className="button button--secondary button--small" disabled={!log.data?.hasMore} onClick={() => setPage(page + 1)}>
            {t('log.older')}
          </button>
        </nav>
      )}
    </div>
  );
}

export function SittersSection() {
  const { t } = useTranslation('sitters');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const overview = useQuery(sittersQuery(viewer));
  return (
    <section className="card sitters" aria-labelledby={`${id}-title`} data-testid="sitters-section">
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <p>{sittersRule()}</p>
      {overview.isPending && <Spinner label={t('loading')} />}
      {overview.isError && <p className="alert">{t('couldNotLoad')}</p>}
      {overview.data && (
        <>
          <MySitters overview={overview.data} />
          <SittingFor overview={overview.data} />
        </>
      )}
      <SitterLog />
    </section>
  );
}
