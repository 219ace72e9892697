// /gamemaster: for game masters, worlds with live figures and the maintenance toggle, world events, reported messages, fair play's account links and the quick actions (announcements, rewards, moderation, analytics); for moderators, only the player search and the reported messages.
import { useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
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

// Ids, not words: the labels are the `gamemaster:quick.*` texts, read at render.
const QUICK_ACTIONS = ['announce', 'rewards', 'moderate', 'analytics'] as const;
type QuickAction = (typeof QUICK_ACTIONS)[number];

export interface GameMasterPageProps {
  /** The player search of the admin feature; app/ composes it in (features never import each other). */
  moderation?: ReactNode;
}

function NoSearch() {
  const { t } = useTranslation('gamemaster');
  return <p className="muted">{t('page.noSearch')}</p>;
}

function QuickPanel({ action, worlds, moderation }: { action: QuickAction; worlds: GmWorld[]; moderation?: ReactNode }) {
  switch (action) {
    case 'announce':
      return <AnnouncementPanel worlds={worlds} />;
    case 'rewards':
      return <RewardsPanel worlds={worlds} />;
    case 'moderate':
      return <>{moderation ?? <NoSearch />}</>;
    case 'analytics':
      return <AnalyticsPanel worlds={worlds} />;
  }
}

/**
 * A moderator's page: what the role may do and nothing the server would refuse them (worlds, events, announcements,
 * rewards, analytics and the map designer are the game masters'), so none of those is even read.
 */
function ModeratorDashboard({ moderation }: GameMasterPageProps) {
  const { t } = useTranslation('gamemaster');
  return (
    <>
      <SiteHeader />
      <main className="page stack">
        <h1 className="page__title">{t('moderator.title')}</h1>
        <p className="muted">{t('moderator.intro')}</p>
        {moderation ?? <NoSearch />}
        <MessageReportsSection />
      </main>
    </>
  );
}

function GameMasterDashboard({ moderation }: GameMasterPageProps) {
  const { t } = useTranslation('gamemaster');
  const viewer = useAtomValue(userIdAtom);
  const worldsRead = useQuery(gmWorldsQuery(viewer));
  const eventsRead = useQuery(worldEventsQuery(viewer));
  const worlds = worldsRead.data ?? null;
  const worldsError = worldsRead.isError ? apiError(worldsRead.error, t('page.worldsFailed')) : null;
  const events = eventsRead.data ?? null;
  const eventsError = eventsRead.isError ? apiError(eventsRead.error, t('page.eventsFailed')) : null;
  const [open, setOpen] = useState<QuickAction | null>(null);

  return (
    <>
      <SiteHeader />
      <main className="page stack">
        <div className="page__header">
          <h1 className="page__title">{t('page.title')}</h1>
          <Link className="button button--secondary button--small" to="/designer/map">
            {t('page.mapDesigner')}
          </Link>
        </div>

        {worldsError && (
          <div className="alert" role="alert">
            {worldsError}
          </div>
        )}
        {worlds === null && !worldsError && <Spinner label={t('page.loadingWorlds')} />}
        {worlds && <WorldsSection worlds={worlds} />}
        {worlds && <EventsSection worlds={worlds} events={events} error={eventsError} />}
        <MessageReportsSection />
        <FairPlaySection />

        <section className="card" aria-labelledby="gm-quick-title">
          <h2 id="gm-quick-title">{t('page.quickActions')}</h2>
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
                {t(`quick.${action}`)}
              </button>
            ))}
          </div>
        </section>
        {open && worlds && (
          <section id="gm-quick-panel" className="card" aria-label={t(`quick.${open}`)}>
            <h2>{t(`quick.${open}`)}</h2>
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
