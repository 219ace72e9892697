// /gamemaster: for game masters, worlds with live figures and the maintenance toggle, world events, reported messages, fair play's account links and the quick actions (announcements, rewards, moderation, analytics); for moderators, only the player search and the reported messages.
import { useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiError } from '../../api/client';
import type { GmWorld } from '../../api/gamemaster';
import { gmWorldsQuery, worldEventsQuery } from '../../state/queries';
import { userAtom, userIdAtom } from '../../state/session';
import { parseRole, roleAllows } from '../../../rules/roles';
import { SiteHeader } from '../../ui/SiteHeader';
import { Spinner } from '../../ui/Spinner';
import { AnalyticsPanel } from './AnalyticsPanel';
import { AnnouncementPanel } from './AnnouncementPanel';
import { EventsSection } from './EventsSection';
import { FairPlaySection } from './FairPlaySection';
import { MessageReportsSection } from './MessageReportsSection';
import { RewardsPanel } from './RewardsPanel';
import { WorldsSection } from './WorldsSection';
import './gamemaster.css';

const QUICK_ACTIONS = ['Send Announcement', 'Distribute Rewards', 'Moderate Players', 'View Analytics'] as const;
type QuickAction = (typeof QUICK_ACTIONS)[number];

export interface GameMasterPageProps {
  /** The player search of the admin feature; app/ composes it in (features never import each other). */
  moderation?: ReactNode;
}

const NO_SEARCH = <p className="muted">Player search is not available here.</p>;

function QuickPanel({ action, worlds, moderation }: { action: QuickAction; worlds: GmWorld[]; moderation?: ReactNode }) {
  switch (action) {
    case 'Send Announcement':
      return <AnnouncementPanel worlds={worlds} />;
    case 'Distribute Rewards':
      return <RewardsPanel worlds={worlds} />;
    case 'Moderate Players':
      return <>{moderation ?? NO_SEARCH}</>;
    case 'View Analytics':
      return <AnalyticsPanel worlds={worlds} />;
  }
}

/**
 * A moderator's page: what the role may do and nothing the server would refuse them (worlds, events, announcements,
 * rewards, analytics and the map designer are the game masters'), so none of those is even read.
 */
function ModeratorDashboard({ moderation }: GameMasterPageProps) {
  return (
    <>
      <SiteHeader />
      <main className="page stack">
        <h1 className="page__title">Moderator Dashboard</h1>
        <p className="muted">Search players, suspend those who break the rules and deal with the messages players reported.</p>
        {moderation ?? NO_SEARCH}
        <MessageReportsSection />
      </main>
    </>
  );
}

function GameMasterDashboard({ moderation }: GameMasterPageProps) {
  const viewer = useAtomValue(userIdAtom);
  const worldsRead = useQuery(gmWorldsQuery(viewer));
  const eventsRead = useQuery(worldEventsQuery(viewer));
  const worlds = worldsRead.data ?? null;
  const worldsError = worldsRead.isError ? apiError(worldsRead.error, 'Failed to load the worlds.') : null;
  const events = eventsRead.data ?? null;
  const eventsError = eventsRead.isError ? apiError(eventsRead.error, 'Failed to load the events.') : null;
  const [open, setOpen] = useState<QuickAction | null>(null);

  return (
    <>
      <SiteHeader />
      <main className="page stack">
        <div className="page__header">
          <h1 className="page__title">Game Master Dashboard</h1>
          <Link className="button button--secondary button--small" to="/designer/map">
            Map Designer
          </Link>
        </div>

        {worldsError && (
          <div className="alert" role="alert">
            {worldsError}
          </div>
        )}
        {worlds === null && !worldsError && <Spinner label="Loading worlds..." />}
        {worlds && <WorldsSection worlds={worlds} />}
        {worlds && <EventsSection worlds={worlds} events={events} error={eventsError} />}
        <MessageReportsSection />
        <FairPlaySection />

        <section className="card" aria-labelledby="gm-quick-title">
          <h2 id="gm-quick-title">Quick Actions</h2>
          <div className="row">
            {QUICK_ACTIONS.map((action) => (
              <button
                key={action}
                type="button"
                className={open === action ? 'button' : 'button button--secondary'}
                aria-expanded={open === action}
                aria-controls="gm-quick-panel"
                onClick={() => setOpen((current) => (current === action ? null : action))}
              >
                {action}
              </button>
            ))}
          </div>
        </section>
        {open && worlds && (
          <section id="gm-quick-panel" className="card" aria-label={open}>
            <h2>{open}</h2>
            <QuickPanel action={open} worlds={worlds} moderation={moderation} />
          </section>
        )}
      </main>
    </>
  );
}

export default function GameMasterPage({ moderation }: GameMasterPageProps) {
  const role = parseRole(useAtomValue(userAtom)?.role);
  // The route admits moderators and up; below game master only the moderation is theirs.
  return role !== null && roleAllows(role, 'gamemaster') ? <GameMasterDashboard moderation={moderation} /> : <ModeratorDashboard moderation={moderation} />;
}
