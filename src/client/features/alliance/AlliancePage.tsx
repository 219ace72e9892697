// /game/alliance: the player's alliance, or the invitations and applications waiting, a way to found one and the alliances to apply to.
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import type { Invitation } from '../../api/alliances';
import { invitationsQuery, myAllianceQuery } from '../../state/queries';
import { userAtom } from '../../state/session';
import { Spinner } from '../../ui/Spinner';
import type { ReportView } from './ActivityFeed';
import { AllianceDirectory } from './AllianceDirectory';
import { CreateAllianceForm } from './CreateAllianceForm';
import { EmbassyNote, embassyAllows } from './EmbassyNote';
import { InvitationList } from './InvitationList';
import { MemberView } from './MemberView';
import { MyApplications } from './MyApplications';
import './alliance.css';

function NoAlliance({ invitations, embassyLevel }: { invitations: readonly Invitation[]; embassyLevel: number }) {
  const { t } = useTranslation('alliance');
  const [creating, setCreating] = useState(false);
  const noteId = useId();
  // Founding needs an embassy: the note says how the player's stands, and the button waits for it.
  const founding = (
    <>
      <EmbassyNote need="found" level={embassyLevel} id={noteId} />
      {!creating && (
        <button type="button" className="button" onClick={() => setCreating(true)} disabled={!embassyAllows('found', embassyLevel)} aria-describedby={noteId}>
          {t('noAlliance.create')}
        </button>
      )}
    </>
  );
  const form = creating && (
    <CreateAllianceForm onCancel={() => setCreating(false)} />
  );

  // Applying and searching come after what waits for the player's answer and the way to lead.
  const joining = (
    <>
      <MyApplications />
      <AllianceDirectory />
    </>
  );
  if (invitations.length > 0) {
    return (
      <div className="stack">
        <InvitationList invitations={invitations} embassyLevel={embassyLevel} />
        <section className="card alliance-empty" aria-label={t('noAlliance.foundOwn')}>
          <p>{t('noAlliance.ratherLead')}</p>
          {founding}
        </section>
        {form}
        {joining}
      </div>
    );
  }
  return (
    <div className="stack">
      <section className="card alliance-empty" aria-labelledby="no-alliance-title">
        <h2 id="no-alliance-title">{t('noAlliance.title')}</h2>
        <p className="muted">{t('noAlliance.intro')}</p>
        {founding}
      </section>
      {form}
      {joining}
    </div>
  );
}

export interface AlliancePageProps {
  /** How a battle in the activity feed opens its full report: the reports feature's card, composed in app/. */
  reportView?: ReportView;
}

export default function AlliancePage({ reportView }: AlliancePageProps = {}) {
  const { t } = useTranslation('alliance');
  const myUserId = useAtomValue(userAtom)?.id ?? null;
  // Both are asked again every ALLIANCE_POLL_MS while the page is open (and the tab shows); failures are only logged.
  const mineRead = useQuery(myAllianceQuery(myUserId));
  const mine = mineRead.data ?? null;
  // The invitations matter only outside an alliance.
  const invitationsRead = useQuery({ ...invitationsQuery(myUserId), enabled: myUserId !== null && mine !== null && mine.alliance === null });
  const invitations = invitationsRead.data ?? null;
  const failed = mineRead.isError || invitationsRead.isError;

  function load() {
    void mineRead.refetch();
    if (mine && !mine.alliance) void invitationsRead.refetch();
  }

  let body: ReactNode;
  if (mine?.alliance && mine.membership) {
    body = <MemberView alliance={mine.alliance} membership={mine.membership} myUserId={myUserId} reportView={reportView} />;
  } else if (mine && invitations) {
    body = <NoAlliance invitations={invitations} embassyLevel={mine.embassyLevel} />;
  } else if (failed) {
    body = (
      <div className="card alliance-failed">
        <p>{t('page.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={load}>
          {t('actions.tryAgain')}
        </button>
      </div>
    );
  } else {
    body = <Spinner label={t('page.loading')} />;
  }

  return (
    <section className="page alliance" aria-label={t('page.title')}>
      {!mine?.alliance && <h1 className="page__title">{t('page.title')}</h1>}
      {body}
    </section>
  );
}
