// /game/alliance: the player's alliance, or the invitations waiting and a way to found one.
import { useId, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import type { Invitation } from '../../api/alliances';
import { invitationsQuery, myAllianceQuery } from '../../state/queries';
import { userAtom } from '../../state/session';
import { Spinner } from '../../ui/Spinner';
import { CreateAllianceForm } from './CreateAllianceForm';
import { EmbassyNote, embassyAllows } from './EmbassyNote';
import { InvitationList } from './InvitationList';
import { MemberView } from './MemberView';
import './alliance.css';

function NoAlliance({ invitations, embassyLevel }: { invitations: readonly Invitation[]; embassyLevel: number }) {
  const [creating, setCreating] = useState(false);
  const noteId = useId();
  // Founding needs an embassy: the note says how the player's stands, and the button waits for it.
  const founding = (
    <>
      <EmbassyNote need="found" level={embassyLevel} id={noteId} />
      {!creating && (
        <button type="button" className="button" onClick={() => setCreating(true)} disabled={!embassyAllows('found', embassyLevel)} aria-describedby={noteId}>
          Create Alliance
        </button>
      )}
    </>
  );
  const form = creating && (
    <CreateAllianceForm onCancel={() => setCreating(false)} />
  );

  if (invitations.length > 0) {
    return (
      <div className="stack">
        <InvitationList invitations={invitations} embassyLevel={embassyLevel} />
        <section className="card alliance-empty" aria-label="Found your own alliance">
          <p>Rather lead than follow? Found an alliance of your own.</p>
          {founding}
        </section>
        {form}
      </div>
    );
  }
  return (
    <div className="stack">
      <section className="card alliance-empty" aria-labelledby="no-alliance-title">
        <h2 id="no-alliance-title">You are not in an alliance</h2>
        <p className="muted">Found your own alliance, or ask a jarl you know to invite you by your username.</p>
        {founding}
      </section>
      {form}
    </div>
  );
}

export default function AlliancePage() {
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
    body = <MemberView alliance={mine.alliance} membership={mine.membership} myUserId={myUserId} />;
  } else if (mine && invitations) {
    body = <NoAlliance invitations={invitations} embassyLevel={mine.embassyLevel} />;
  } else if (failed) {
    body = (
      <div className="card alliance-failed">
        <p>Could not load your alliance.</p>
        <button type="button" className="button button--secondary" onClick={load}>
          Try again
        </button>
      </div>
    );
  } else {
    body = <Spinner label="Loading your alliance..." />;
  }

  return (
    <section className="page alliance" aria-label="Alliance">
      {!mine?.alliance && <h1 className="page__title">Alliance</h1>}
      {body}
    </section>
  );
}
