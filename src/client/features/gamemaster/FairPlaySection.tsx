// The game master's fair play: accounts the signals link (one browser, one address within a day), flagged ones first, with the evidence, and Confirm or Clear with a note.
import { Fragment, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiError } from '../../api/client';
import { decideAccountLink, type AccountLink, type AccountLinkPage } from '../../api/gamemaster';
import { accountLinksQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { LINK_NOTE_MAX_LENGTH, linkNoteError } from '../../../rules/fair-play';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDateTime } from '../../ui/dates';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';

const EVIDENCE_TEXT: Record<AccountLink['evidence'][number]['kind'], string> = {
  device: 'Same browser',
  address: 'Same address within a day',
};

const STATUS: Record<AccountLink['status'], { text: string; badge: string }> = {
  flagged: { text: 'Flagged', badge: 'badge badge--red' },
  confirmed: { text: 'Confirmed', badge: 'badge badge--purple' },
  cleared: { text: 'Cleared', badge: 'badge badge--grey' },
};

type Decision = 'confirmed' | 'cleared';

function LinkItem({ link }: { link: AccountLink }) {
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const [note, setNote] = useState('');
  // The contract holds exactly two accounts per link.
  const names = link.accounts.map((account) => account.username).join(' and ');
  const decide = useAction({
    mutationFn: (status: Decision) => decideAccountLink(link.id, { status, note: note.trim() }),
    // The reply is the link as it stands now: it replaces the old one; the pages are read again (flagged ones lead), and the audit log.
    onSuccess: (decided) => {
      client.setQueriesData<AccountLinkPage>({ queryKey: queryKeys.accountLinks(viewer) }, (page) =>
        page ? { ...page, links: page.links.map((l) => (l.id === decided.id ? decided : l)) } : page,
      );
      void client.invalidateQueries({ queryKey: queryKeys.accountLinks(viewer) });
      void client.invalidateQueries({ queryKey: queryKeys.auditLog(viewer) });
      setNote('');
    },
    success: (decided) => (decided.status === 'confirmed' ? 'Confirmed: one person.' : 'Cleared: two people.'),
    failure: 'Failed to decide the link',
  });
  const run = (status: Decision) => {
    const problem = linkNoteError(note);
    if (problem) decide.refuse(problem);
    else decide.run(status);
  };
  const status = STATUS[link.status];
  return (
    <li className={link.status === 'flagged' ? 'card gm-report gm-report--open' : 'card gm-report'} aria-label={`Link of ${names}`}>
      <div className="gm-report__head">
        <span className={status.badge}>{status.text}</span>
        <span>
          {link.accounts.map((account, i) => (
            <Fragment key={account.id}>
              {i > 0 && ' and '}
              <PlayerLink player={account} />
            </Fragment>
          ))}
        </span>
        <span className="muted">
          first seen {formatDateTime(link.firstSeenAt)} · last seen {formatDateTime(link.lastSeenAt)}
        </span>
      </div>
      <dl className="gm-report__facts">
        {link.evidence.map((seen) => (
          <div key={seen.kind}>
            <dt>{EVIDENCE_TEXT[seen.kind]}</dt>
            <dd>
              {seen.count === 1 ? '1 sign-in' : `${seen.count} sign-ins`}, last {formatDateTime(seen.lastSeenAt)}
            </dd>
          </div>
        ))}
      </dl>
      {link.decidedBy && (
        <p className="gm-report__reason">
          <strong>{link.status === 'flagged' ? 'Cleared before' : status.text} by</strong> <PlayerLink player={link.decidedBy} />
          {link.note && (
            <>
              : <span className="gm-report__text">{link.note}</span>
            </>
          )}
        </p>
      )}
      <div className="row gm-link__decide">
        <input
          className="input"
          type="text"
          aria-label={`Note on ${names}`}
          placeholder="Why: one person, or two?"
          maxLength={LINK_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        {link.status !== 'confirmed' && (
          <ActionButton className="button button--small" pending={decide.pending && decide.variables === 'confirmed'} busyLabel="Confirming..." disabled={decide.pending} onClick={() => run('confirmed')}>
            Confirm
          </ActionButton>
        )}
        {link.status !== 'cleared' && (
          <ActionButton className="button button--secondary button--small" pending={decide.pending && decide.variables === 'cleared'} busyLabel="Clearing..." disabled={decide.pending} onClick={() => run('cleared')}>
            Clear
          </ActionButton>
        )}
        <ActionOutcome message={decide.outcome} />
      </div>
    </li>
  );
}

export function FairPlaySection() {
  const viewer = useAtomValue(userIdAtom);
  const [page, setPage] = useState(1);
  const read = useQuery(accountLinksQuery(viewer, page));
  const list = read.data;
  return (
    <section className="card" aria-labelledby="gm-fair-play-title">
      <h2 id="gm-fair-play-title">Fair play</h2>
      <p className="muted">
        Accounts signed in from one browser, or from one address within a day. Flagged accounts may not attack each other and pass each other at most a
        day&rsquo;s limit of resources: confirm them as one person, or clear them as two.
      </p>
      {!list && read.isError && (
        <div className="alert" role="alert">
          {apiError(read.error, 'Failed to load the account links.')}
        </div>
      )}
      {!list && !read.isError && <Spinner label="Loading account links..." />}
      {list && list.links.length === 0 && <p className="muted">No accounts are linked.</p>}
      {list && list.links.length > 0 && (
        <ul className="gm-reports">
          {list.links.map((link) => (
            <LinkItem key={link.id} link={link} />
          ))}
        </ul>
      )}
      {list && (page > 1 || list.hasMore) && (
        <nav className="row" aria-label="Account link pages">
          <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span className="muted">Page {page}</span>
          <button type="button" className="button button--secondary button--small" disabled={!list.hasMore} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
