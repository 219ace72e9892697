// Finding an alliance: a search by part of a tag or name and a paged list (most members first) whose rows lead to each alliance's profile.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { apiError } from '../../api/client';
import { formatNumber } from '../../i18n/format';
import { allianceDirectoryQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { Pager } from '../../ui/Pager';
import { Spinner } from '../../ui/Spinner';
import { AllianceLink } from './AllianceLink';

/** The contract's longest search. */
const SEARCH_MAX_LENGTH = 50;

export function AllianceDirectory() {
  const { t } = useTranslation('alliance');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState({ q: '', page: 1 });
  const read = useQuery(allianceDirectoryQuery(viewer, search.q, search.page));
  const list = read.data;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch({ q: draft.trim(), page: 1 });
  }

  let body: ReactNode;
  if (!list && read.isError) {
    body = (
      <div className="alliance-failed">
        <p>{apiError(read.error, t('directory.loadFailed'))}</p>
        <button type="button" className="button button--secondary button--small" onClick={() => void read.refetch()}>
          {t('actions.tryAgain')}
        </button>
      </div>
    );
  } else if (!list) {
    body = <Spinner label={t('directory.loading')} />;
  } else if (list.alliances.length === 0) {
    body = <p className="muted">{search.q ? t('directory.noMatch', { search: search.q }) : t('directory.none')}</p>;
  } else {
    body = (
      <div className="table-wrap">
        <table className="table alliance-directory__table" aria-busy={read.isPlaceholderData || undefined}>
          <caption className="visually-hidden">{search.q ? t('directory.matching', { search: search.q }) : t('directory.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('directory.alliance')}</th>
              <th scope="col" className="alliance-number">
                {t('directory.members')}
              </th>
              <th scope="col" className="alliance-number">
                {t('directory.population')}
              </th>
              <th scope="col">{t('directory.applications')}</th>
            </tr>
          </thead>
          <tbody>
            {list.alliances.map((alliance) => (
              <tr key={alliance.id} data-testid="directory-row">
                <td>
                  <AllianceLink alliance={alliance} />
                </td>
                <td className="alliance-number">{formatNumber(alliance.memberCount)}</td>
                <td className="alliance-number">{formatNumber(alliance.totalPopulation)}</td>
                <td>
                  <span className={alliance.isPublic ? 'badge badge--green' : 'badge badge--grey'}>{alliance.isPublic ? t('openness.open') : t('openness.inviteOnly')}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="card alliance-directory" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('directory.find')}</h2>
      <form role="search" className="alliance-directory__search" onSubmit={onSubmit} aria-label={t('directory.searchLabel')}>
        <label className="visually-hidden" htmlFor={`${id}-q`}>
          {t('directory.tagOrName')}
        </label>
        <div className="input-with-button">
          <input
            id={`${id}-q`}
            className="input"
            type="search"
            autoComplete="off"
            placeholder={t('directory.placeholder')}
            maxLength={SEARCH_MAX_LENGTH}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button--secondary">
            {t('directory.search')}
          </button>
        </div>
      </form>
      {body}
      {/* The directory says only whether a next page exists: the pages offered are those known so far. */}
      {list && (
        <Pager page={search.page} pages={list.hasMore ? search.page + 1 : search.page} onPage={(page) => setSearch((old) => ({ ...old, page }))} label={t('directory.pages')} />
      )}
    </section>
  );
}
