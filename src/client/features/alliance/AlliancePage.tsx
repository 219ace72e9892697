// /game/alliance: the player's alliance, or the invitations waiting and a way to found one.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { getMyAlliance, listReceivedInvitations, type AllianceWithMembership, type Invitation, type MyAlliance } from '../../api/alliances';
import { userAtom } from '../../state/session';
import { Spinner } from '../../ui/Spinner';
import { CreateAllianceForm } from './CreateAllianceForm';
import { InvitationList } from './InvitationList';
import { MemberView } from './MemberView';
import './alliance.css';

/** Members joining or leaving, roles changing and new invitations show within this long. */
export const ALLIANCE_POLL_MS = 30_000;

const NO_ALLIANCE: MyAlliance = { alliance: null, membership: null };

function NoAlliance({
  invitations,
  onJoined,
  onDeclined,
}: {
  invitations: readonly Invitation[];
  onJoined: (joined: AllianceWithMembership) => void;
  onDeclined: (invitationId: string) => void;
}) {
  const [creating, setCreating] = useState(false);
  const createButton = !creating && (
    <button type="button" className="button" onClick={() => setCreating(true)}>
      Create Alliance
    </button>
  );
  const form = creating && (
    <CreateAllianceForm onCreated={onJoined} onCancel={() => setCreating(false)} />
  );

  if (invitations.length > 0) {
    return (
      <div className="stack">
        <InvitationList invitations={invitations} onAccepted={onJoined} onDeclined={onDeclined} />
        <section className="card alliance-empty" aria-label="Found your own alliance">
          <p>Rather lead than follow? Found an alliance of your own.</p>
          {createButton}
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
        {createButton}
      </section>
      {form}
    </div>
  );
}

export default function AlliancePage() {
  const myUserId = useAtomValue(userAtom)?.id ?? null;
  const [mine, setMine] = useState<MyAlliance | null>(null);
  const [invitations, setInvitations] = useState<Invitation[] | null>(null);
  const [failed, setFailed] = useState(false);

  /** Reads the alliance, and the invitations when there is no alliance. Failures are only logged. */
  const load = useCallback(async () => {
    try {
      const next = await getMyAlliance();
      if (!next.alliance) setInvitations(await listReceivedInvitations());
      setMine(next);
      setFailed(false);
    } catch (error) {
      console.error('Loading the alliance failed', error);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') void load();
    }, ALLIANCE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  function onJoined(joined: AllianceWithMembership) {
    setMine(joined);
    setInvitations([]);
  }

  function onLeft() {
    setMine(NO_ALLIANCE);
    setInvitations(null);
    void load();
  }

  function onDeclined(invitationId: string) {
    setInvitations((old) => (old ?? []).filter((invitation) => invitation.id !== invitationId));
  }

  let body: ReactNode;
  if (mine?.alliance && mine.membership) {
    body = <MemberView alliance={mine.alliance} membership={mine.membership} myUserId={myUserId} onLeft={onLeft} />;
  } else if (mine && invitations) {
    body = <NoAlliance invitations={invitations} onJoined={onJoined} onDeclined={onDeclined} />;
  } else if (failed) {
    body = (
      <div className="card alliance-failed">
        <p>Could not load your alliance.</p>
        <button type="button" className="button button--secondary" onClick={() => void load()}>
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
