// The game master's fair play: accounts the signals link (one browser, one address within a day), flagged ones first, with the evidence, and Confirm or Clear with a note.
import { Fragment, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { apiError } from '../../api/client';
import { decideAccountLink, type AccountLink, type AccountLinkPage } from '../../api/gamemaster';
import { accountLinksQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { LINK_NOTE_MAX_LENGTH, linkNoteError } from '../../../rules/fair-play';
import { characterCount, normaliseFreeText } from '../../../rules/validation';
import { formatDateTime } from '../../i18n/format';
import { validationText } from '../../i18n/validation';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';

// The words are `gamemaster:fairPlay.evidence.*` and `fairPlay.status.*`, by the same keys.
const STATUS_BADGE: Record<AccountLink['status'], string> = {
  flagged: 'badge badge--red',
  confirmed: 'badge badge--purple',
  cleared: 'badge badge--grey',
};

type Decision = 'confirmed' | 'cleared';

/** Why the note is refused, in the player's language: the rule's own two refusals, else the free-text rules' words. */
function noteProblem(note: string, t: TFunction<'gamemaster'>): string | null {
  const problem = linkNoteError(note);
  if (!problem) return null;
  const text = normaliseFreeText(note);
  if (text === '') return t('fairPlay.noteMissing');
  if (characterCount(text) > LINK_NOTE_MAX_LENGTH) return t('fairPlay.noteTooLong', { max: LINK_NOTE_MAX_LENGTH });
  return validationText(problem);
}

function LinkItem({ link }: { link: AccountLink }) {
  const { t } = useTranslation('gamemaster');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const [note, setNote] = useState('');
  // The contract holds exactly two accounts per link.
  const names = link.accounts.map((account) => account.username).join(t('fairPlay.and'));
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
    success: (decided) => (decided.status === 'confirmed' ? t('fairPlay.confirmed') : t('fairPlay.cleared')),
    failure: t('fairPlay.decideFailed'),
  });
  const run = (status: Decision) => {
    const problem = noteProblem(note, t);
    if (problem) decide.refuse(problem);
    else decide.run(status);
  };
  return (
    <li className={link.status === 'flagged' ? 'card gm-report gm-report--open' : 'card gm-report'} aria-label={t('fairPlay.item', { names })}>
      <div className="gm-report__head">
        <span className={STATUS_BADGE[link.status]}>{t(`fairPlay.status.${link.status}`)}</span>
        <span>
          {link.accounts.map((account, i) => (
            <Fragment key={account.id}>
              {i > 0 && t('fairPlay.and')}
              <PlayerLink player={account} />
            </Fragment>
          ))}
        </span>
        <span className="muted">
          {t('fairPlay.seen', { first: formatDateTime(link.firstSeenAt), last: formatDateTime(link.lastSeenAt) })}
        </span>
      </div>
      <dl className="gm-report__facts">
        {link.evidence.map((seen) => (
          <div key={seen.kind}>
            <dt>{t(`fairPlay.evidence.${seen.kind}`)}</dt>
            <dd>{t('fairPlay.signIns', { count: seen.count, when: formatDateTime(seen.lastSeenAt) })}</dd>
          </div>
        ))}
      </dl>
      {link.decidedBy && (
        <p className="gm-report__reason">
          <strong>{t(`fairPlay.decidedBy.${link.status}`)}</strong> <PlayerLink player={link.decidedBy} />
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
          aria-label={t('fairPlay.noteLabel', { names })}
          placeholder={t('fairPlay.notePlaceholder')}
          maxLength={LINK_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        {link.status !== 'confirmed' && (
          <ActionButton className="button button--small" pending={decide.pending && decide.variables === 'confirmed'} busyLabel={t('fairPlay.confirming')} disabled={decide.pending} onClick={() => run('confirmed')}>
            {t('fairPlay.confirm')}
          </ActionButton>
        )}
        {link.status !== 'cleared' && (
          <ActionButton className="button button--secondary button--small" pending={decide.pending && decide.variables === 'cleared'} busyLabel={t('fairPlay.clearing')} disabled={decide.pending} onClick={() => run('cleared')}>
            {t('fairPlay.clear')}
          </ActionButton>
        )}
        <ActionOutcome message={decide.outcome} />
      </div>
    </li>
  );
}

export function FairPlaySection() {
  const { t } = useTranslation('gamemaster');
  const viewer = useAtomValue(userIdAtom);
  const [page, setPage] = useState(1);
  const read = useQuery(accountLinksQuery(viewer, page));
  const list = read.data;
  return (
    <section className="card" aria-labelledby="gm-fair-play-title">
      <h2 id="gm-fair-play-title">{t('fairPlay.title')}</h2>
      <p className="muted">{t('fairPlay.intro')}</p>
      {!list && read.isError && (
        <div className="alert" role="alert">
          {apiError(read.error, t('fairPlay.failed'))}
        </div>
      )}
      {!list && !read.isError && <Spinner label={t('fairPlay.loading')} />}
      {list && list.links.length === 0 && <p className="muted">{t('fairPlay.empty')}</p>}
      {list && list.links.length > 0 && (
        <ul className="gm-reports">
          {list.links.map((link) => (
            <LinkItem key={link.id} link={link} />
          ))}
        </ul>
      )}
      {list && (page > 1 || list.hasMore) && (
        <nav className="row" aria-label={t('fairPlay.pages')}>
          <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('fairPlay.previous')}
          </button>
          <span className="muted">{t('fairPlay.page', { page })}</span>
          <button type="button" className="button button--secondary button--small" disabled={!list.hasMore} onClick={() => setPage(page + 1)}>
            {t('fairPlay.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
