// Finding an alliance: a search by part of a tag or name and a paged list (most members first) whose rows lead to each alliance's profile.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { apiError } from '../../api/client';
import { formatNumber } from '../../../rules/format';
import { allianceDirectoryQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { Pager } from '../../ui/Pager';
import { Spinner } from '../../ui/Spinner';
import { AllianceLink } from './AllianceLink';

/** The contract's longest search. */
const SEARCH_MAX_LENGTH = 50;

export function AllianceDirectory() {
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
        <p>{apiError(read.error, 'Could not load the alliances.')}</p>
        <button type="button" className="button button--secondary button--small" onClick={() => void read.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!list) {
    body = <Spinner label="Loading the alliances..." />;
  } else if (list.alliances.length === 0) {
    body = <p className="muted">{search.q ? `No alliance has “${search.q}” in its tag or name.` : 'No alliance has been founded yet.'}</p>;
  } else {
    body = (
      <div className="table-wrap">
        <table className="table alliance-directory__table" aria-busy={read.isPlaceholderData || undefined}>
          <caption className="visually-hidden">{search.q ? `Alliances matching ${search.q}` : 'Alliances'}</caption>
          <thead>
            <tr>
              <th scope="col">Alliance</th>
              <th scope="col" className="alliance-number">
                Members
              </th>
              <th scope="col" className="alliance-number">
                Population
              </th>
              <th scope="col">Applications</th>
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
                  <span className={alliance.isPublic ? 'badge badge--green' : 'badge badge--grey'}>{alliance.isPublic ? 'Open' : 'Invite only'}</span>
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
      <h2 id={`${id}-title`}>Find an alliance</h2>
      <form role="search" className="alliance-directory__search" onSubmit={onSubmit} aria-label="Search alliances">
        <label className="visually-hidden" htmlFor={`${id}-q`}>
          Tag or name
        </label>
        <div className="input-with-button">
          <input
            id={`${id}-q`}
            className="input"
            type="search"
            autoComplete="off"
            placeholder="Part of a tag or name"
            maxLength={SEARCH_MAX_LENGTH}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </div>
      </form>
      {body}
      {/* The directory says only whether a next page exists: the pages offered are those known so far. */}
      {list && (
        <Pager page={search.page} pages={list.hasMore ? search.page + 1 : search.page} onPage={(page) => setSearch((old) => ({ ...old, page }))} label="Alliance directory pages" />
      )}
    </section>
  );
}
