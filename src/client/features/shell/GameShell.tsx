// The /game frame: header, top bar (village selector, live resources, tutorial slot, player, logout), side navigation with the village card, and the page outlet.
import { Suspense, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { logout } from '../../api/auth';
import { unreadMessagesQuery, unreadReportsQuery } from '../../state/queries';
import { signOutAtom, userAtom } from '../../state/session';
import { selectedVillageAtom, selectedVillageIdAtom, useSelectedOverview, villagesAtom, type Village } from '../../state/village';
import { RESOURCE_NAMES } from '../../../rules/resources';
import { formatNumber } from '../../../rules/format';
import { storeAlert } from '../../../rules/economy';
import { Avatar } from '../../ui/Avatar';
import { CrownIcon, ResourceIcon } from '../../ui/icons';
import { formatRate, useLanding, useLiveResources, type ResourceReading } from '../../ui/resources';
import { MainLandmark } from '../../ui/MainLandmark';
import { SiteHeader } from '../../ui/SiteHeader';
import { ActionButton } from '../../ui/ActionButton';
import { Spinner } from '../../ui/Spinner';
import { IncomingAttackAlert } from './IncomingAttackAlert';
import { WorldNotices } from './WorldNotices';
import './shell.css';

const NAV = [
  { to: '/game/village', label: 'Village' },
  { to: '/game/map', label: 'Map' },
  { to: '/game/heroes', label: 'Heroes' },
  { to: '/game/wonders', label: 'Wonders' },
  { to: '/game/quests', label: 'Quests' },
  { to: '/game/army', label: 'Army' },
  { to: '/game/marketplace', label: 'Marketplace' },
  { to: '/game/reports', label: 'Reports' },
  { to: '/game/messages', label: 'Messages' },
  { to: '/game/alliance', label: 'Alliance' },
  { to: '/game/rankings', label: 'Rankings' },
  { to: '/game/alerts', label: 'Alerts' },
  { to: '/game/worlds', label: 'Worlds' },
] as const;

/** Between reads the client only counts; a fresh read now and then keeps it honest (units starving, attacks). */
export const OVERVIEW_RESYNC_MS = 60_000;

/** '(12|-40)' as villages are written everywhere in the game. */
export function coordinates(village: Pick<Village, 'x' | 'y'>): string {
  return `(${village.x}|${village.y})`;
}

/** An option of the village selector: options hold text only, so the crown is the word '(capital)'. */
export function villageOptionText(village: Village): string {
  return `${village.name}${village.isCapital ? ' (capital)' : ''} ${coordinates(village)}`;
}

function VillageSelector() {
  const villages = useAtomValue(villagesAtom);
  const selected = useAtomValue(selectedVillageAtom);
  const setSelectedId = useSetAtom(selectedVillageIdAtom);
  const none = !villages || villages.length === 0 || !selected;
  return (
    <div className="shell__village">
      <label htmlFor="village-select">Village</label>
      {selected?.isCapital && <CrownIcon size={18} title="Capital" />}
      <select
        id="village-select"
        className="input"
        disabled={none}
        value={selected?.id ?? ''}
        onChange={(event) => setSelectedId(event.target.value)}
      >
        {none ? (
          <option value="">No village yet</option>
        ) : (
          villages.map((v) => (
            <option key={v.id} value={v.id}>
              {villageOptionText(v)}
            </option>
          ))
        )}
      </select>
    </div>
  );
}

/** One resource of the top bar: the stock counting up with production, and up to a new amount when something lands. */
function CompactResource({ reading }: { reading: ResourceReading & { live: number } }) {
  const { type, live, capacity, production } = reading;
  const { shown, landing } = useLanding({ amount: live, capacity, production });
  return (
    <li
      className={`shell__resource shell__resource--${storeAlert(live, capacity)}${landing ? ' resource--landing' : ''}`}
      title={`${RESOURCE_NAMES[type]}: ${Math.floor(live)} of ${capacity} (${formatRate(production)})`}
    >
      <ResourceIcon type={type} size={16} />
      <span className="shell__resource-name">{RESOURCE_NAMES[type]}</span>
      <span className="shell__resource-amount" data-testid={`topbar-${type}`}>
        {formatNumber(shown)}
      </span>
    </li>
  );
}

/** The selected village's stock, counted up every second from the last read. */
function CompactResources() {
  // The shell keeps the selected village's overview fresh for every page: read when chosen, again every minute.
  const { read } = useSelectedOverview({ refetchInterval: OVERVIEW_RESYNC_MS });
  const resources = useLiveResources(read?.overview.resources, read?.readAt ?? 0);
  return (
    <ul className="shell__resources" aria-label="Resources">
      {resources.length === 0
        ? // Until the first read, placeholders as wide and tall as the stock they stand for: nothing moves when it lands.
          (['timber', 'stone', 'iron', 'mead'] as const).map((type) => (
            <li key={type} className="shell__resource">
              <ResourceIcon type={type} size={16} />
              <span className="shell__resource-name">{RESOURCE_NAMES[type]}</span>
              <span className="shell__resource-amount">—</span>
            </li>
          ))
        : // Keyed by village too: another village's stock is shown as it is, not counted up to as if it had landed.
          resources.map((r) => <CompactResource key={`${read?.villageId ?? ''}-${r.type}`} reading={r} />)}
    </ul>
  );
}

const VILLAGE_FACTS = ['Coordinates', 'Population', 'Loyalty', 'Capital'] as const;

function VillageCard() {
  const village = useAtomValue(selectedVillageAtom);
  const villages = useAtomValue(villagesAtom);
  if (!village && villages === null) {
    // While the villages load, the card as tall as it will be (the page below must not jump when they arrive).
    return (
      <aside className="village-card" aria-label="Selected village" aria-busy="true">
        <h2 className="village-card__name">
          <span className="muted">Loading villages...</span>
        </h2>
        <dl className="village-card__facts">
          {VILLAGE_FACTS.map((fact) => (
            <div key={fact}>
              <dt>{fact}</dt>
              <dd>—</dd>
            </div>
          ))}
        </dl>
      </aside>
    );
  }
  if (!village) {
    return (
      <aside className="village-card village-card--empty" aria-label="Selected village">
        <p className="muted">
          No village yet. <Link to="/game/village">Join a world</Link> to found one.
        </p>
      </aside>
    );
  }
  return (
    <aside className="village-card" aria-label="Selected village">
      <h2 className="village-card__name">
        {village.isCapital && <CrownIcon size={16} />}
        <span>{village.name}</span>
      </h2>
      <dl className="village-card__facts">
        <div>
          <dt>Coordinates</dt>
          <dd>{coordinates(village)}</dd>
        </div>
        <div>
          <dt>Population</dt>
          <dd>{formatNumber(village.population)}</dd>
        </div>
        <div>
          <dt>Loyalty</dt>
          <dd>{Math.round(village.loyalty)}%</dd>
        </div>
        <div>
          <dt>Capital</dt>
          <dd>{village.isCapital ? 'Yes' : 'No'}</dd>
        </div>
      </dl>
    </aside>
  );
}

export interface GameShellProps {
  /** The tutorial button (with its percent) once the tutorial feature exists; app/ composes it in. */
  tutorial?: ReactNode;
  /** Banners over every game page beside the world's notices (the vacation's); app/ composes them in. */
  banners?: ReactNode;
}

/** An unread count beside an entry of the side navigation (nothing at zero). */
function Badge({ unread, testId }: { unread: number; testId: string }) {
  if (unread <= 0) return null;
  return (
    <span className="badge badge--red shell__nav-badge" data-testid={testId}>
      {unread > 99 ? '99+' : unread}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}

/** The unread battle reports beside 'Reports' in the side navigation. */
function UnreadBadge() {
  const unread = useQuery(unreadReportsQuery(useAtomValue(userAtom)?.id ?? null)).data ?? 0;
  return <Badge unread={unread} testId="unread-reports" />;
}

/** The unread messages beside 'Messages'; a message arriving (live event) marks the count stale and it is read again. */
function UnreadMessagesBadge() {
  const unread = useQuery(unreadMessagesQuery(useAtomValue(userAtom)?.id ?? null)).data ?? 0;
  return <Badge unread={unread} testId="unread-messages" />;
}

export default function GameShell({ tutorial, banners }: GameShellProps) {
  const user = useAtomValue(userAtom);
  const signOut = useSetAtom(signOutAtom);
  const navigate = useNavigate();
  const leave = useMutation({
    mutationFn: () => logout(),
    // Signing out locally matters more than the server hearing about it.
    onSettled: () => {
      signOut();
      navigate('/login', { replace: true });
    },
  });

  return (
    <div className="shell">
      <SiteHeader className="shell__header" />

      {/* A named region, so everything on the page sits in a landmark a screen reader can jump to. */}
      <section className="shell__topbar" aria-label="Village, resources and account">
        <VillageSelector />
        <CompactResources />
        <IncomingAttackAlert />
        {/* The tutorial button lands here; app/ passes it in (features never import each other). */}
        <div className="shell__tutorial">{tutorial}</div>
        {user && (
          <div className="shell__user">
            <Avatar userId={user.id} username={user.username} discordAvatar={user.discordAvatar} />
            <span className="shell__username">{user.username}</span>
            <Link className="button button--ghost button--small" to="/game/settings">
              Settings
            </Link>
            <ActionButton className="button button--secondary button--small" onClick={() => leave.mutate()} pending={leave.isPending}>
              Logout
            </ActionButton>
          </div>
        )}
      </section>

      <div className="shell__sidenav">
        <nav aria-label="Game">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>
                  {item.label}
                  {item.to === '/game/reports' && <UnreadBadge />}
                  {item.to === '/game/messages' && <UnreadMessagesBadge />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <VillageCard />
      </div>

      <MainLandmark className="shell__main">
        <WorldNotices />
        {banners}
        {/* The frame stays up while a game page's chunk loads. */}
        <Suspense fallback={<Spinner fullPage />}>
          <Outlet />
        </Suspense>
      </MainLandmark>
    </div>
  );
}
