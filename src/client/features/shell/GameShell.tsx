// The /game frame: header, top bar (village selector, live resources, tutorial slot, player, logout), side navigation with the village card, and the page outlet.
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { logout } from '../../api/auth';
import { unreadMessagesQuery, unreadReportsQuery } from '../../state/queries';
import { signOutAtom, userAtom } from '../../state/session';
import { selectedVillageAtom, selectedVillageIdAtom, useSelectedOverview, villagesAtom, type Village } from '../../state/village';
import { i18n } from '../../i18n';
import { formatNumber, formatPercent, formatRate, formatWhole } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { storeAlert } from '../../../rules/economy';
import { Avatar } from '../../ui/Avatar';
import { CrownIcon, ResourceIcon } from '../../ui/icons';
import { useLanding, useLiveResources, type ResourceReading } from '../../ui/resources';
import { MainLandmark } from '../../ui/MainLandmark';
import { SiteHeader } from '../../ui/SiteHeader';
import { ActionButton } from '../../ui/ActionButton';
import { Spinner } from '../../ui/Spinner';
import { LanguagePicker } from '../../ui/LanguagePicker';
import { IncomingAttackAlert } from './IncomingAttackAlert';
import { WorldNotices } from './WorldNotices';
import './shell.css';

/** The side navigation: each page and its word (shell:nav.<page>). */
const NAV = [
  { to: '/game/village', page: 'village' },
  { to: '/game/map', page: 'map' },
  { to: '/game/heroes', page: 'heroes' },
  { to: '/game/wonders', page: 'wonders' },
  { to: '/game/quests', page: 'quests' },
  { to: '/game/army', page: 'army' },
  { to: '/game/marketplace', page: 'marketplace' },
  { to: '/game/reports', page: 'reports' },
  { to: '/game/messages', page: 'messages' },
  { to: '/game/alliance', page: 'alliance' },
  { to: '/game/rankings', page: 'rankings' },
  { to: '/game/alerts', page: 'alerts' },
  { to: '/game/worlds', page: 'worlds' },
] as const;

/** Between reads the client only counts; a fresh read now and then keeps it honest (units starving, attacks). */
export const OVERVIEW_RESYNC_MS = 60_000;

/** '(12|-40)' as villages are written everywhere in the game. */
export function coordinates(village: Pick<Village, 'x' | 'y'>): string {
  return `(${village.x}|${village.y})`;
}

/** An option of the village selector: options hold text only, so the crown is the word '(capital)'. */
export function villageOptionText(village: Village): string {
  return `${village.name}${village.isCapital ? ` ${i18n.t('shell:village.capitalMark')}` : ''} ${coordinates(village)}`;
}

function VillageSelector() {
  const { t } = useTranslation('shell');
  const villages = useAtomValue(villagesAtom);
  const selected = useAtomValue(selectedVillageAtom);
  const setSelectedId = useSetAtom(selectedVillageIdAtom);
  const none = !villages || villages.length === 0 || !selected;
  return (
    <div className="shell__village">
      <label htmlFor="village-select">{t('village.label')}</label>
      {selected?.isCapital && <CrownIcon size={18} title={t('village.capital')} />}
      <select
        id="village-select"
        className="input"
        disabled={none}
        value={selected?.id ?? ''}
        onChange={(event) => setSelectedId(event.target.value)}
      >
        {none ? (
          <option value="">{t('village.none')}</option>
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
  const { t } = useTranslation('shell');
  const { type, live, capacity, production } = reading;
  const { shown, landing } = useLanding({ amount: live, capacity, production });
  const name = resourceName(type);
  return (
    <li
      className={`shell__resource shell__resource--${storeAlert(live, capacity)}${landing ? ' resource--landing' : ''}`}
      title={t('resources.exact', { resource: name, amount: formatWhole(live), capacity: formatWhole(capacity), rate: formatRate(production) })}
    >
      <ResourceIcon type={type} size={16} />
      <span className="shell__resource-name">{name}</span>
      <span className="shell__resource-amount" data-testid={`topbar-${type}`}>
        {formatNumber(shown)}
      </span>
    </li>
  );
}

/** The selected village's stock, counted up every second from the last read. */
function CompactResources() {
  const { t } = useTranslation('shell');
  // The shell keeps the selected village's overview fresh for every page: read when chosen, again every minute.
  const { read } = useSelectedOverview({ refetchInterval: OVERVIEW_RESYNC_MS });
  const resources = useLiveResources(read?.overview.resources, read?.readAt ?? 0);
  return (
    <ul className="shell__resources" aria-label={t('resources.label')}>
      {resources.length === 0
        ? // Until the first read, placeholders as wide and tall as the stock they stand for: nothing moves when it lands.
          (['timber', 'stone', 'iron', 'mead'] as const).map((type) => (
            <li key={type} className="shell__resource">
              <ResourceIcon type={type} size={16} />
              <span className="shell__resource-name">{resourceName(type)}</span>
              <span className="shell__resource-amount">—</span>
            </li>
          ))
        : // Keyed by village too: another village's stock is shown as it is, not counted up to as if it had landed.
          resources.map((r) => <CompactResource key={`${read?.villageId ?? ''}-${r.type}`} reading={r} />)}
    </ul>
  );
}

const VILLAGE_FACTS = ['coordinates', 'population', 'loyalty', 'capital'] as const;

function VillageCard() {
  const { t } = useTranslation('shell');
  const village = useAtomValue(selectedVillageAtom);
  const villages = useAtomValue(villagesAtom);
  if (!village && villages === null) {
    // While the villages load, the card as tall as it will be (the page below must not jump when they arrive).
    return (
      <aside className="village-card" aria-label={t('card.label')} aria-busy="true">
        <h2 className="village-card__name">
          <span className="muted">{t('card.loading')}</span>
        </h2>
        <dl className="village-card__facts">
          {VILLAGE_FACTS.map((fact) => (
            <div key={fact}>
              <dt>{t(`card.${fact}`)}</dt>
              <dd>—</dd>
            </div>
          ))}
        </dl>
      </aside>
    );
  }
  if (!village) {
    return (
      <aside className="village-card village-card--empty" aria-label={t('card.label')}>
        <p className="muted">
          <Trans t={t} i18nKey="card.empty" components={{ join: <Link to="/game/village" /> }} />
        </p>
      </aside>
    );
  }
  return (
    <aside className="village-card" aria-label={t('card.label')}>
      <h2 className="village-card__name">
        {village.isCapital && <CrownIcon size={16} />}
        <span>{village.name}</span>
      </h2>
      <dl className="village-card__facts">
        <div>
          <dt>{t('card.coordinates')}</dt>
          <dd>{coordinates(village)}</dd>
        </div>
        <div>
          <dt>{t('card.population')}</dt>
          <dd>{formatNumber(village.population)}</dd>
        </div>
        <div>
          <dt>{t('card.loyalty')}</dt>
          <dd>{formatPercent(Math.round(village.loyalty))}</dd>
        </div>
        <div>
          <dt>{t('card.capital')}</dt>
          <dd>{village.isCapital ? t('card.yes') : t('card.no')}</dd>
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
  /** Pages not offered in the navigation nor the top bar (a sitter's: the owner's mail, alliance, alerts, settings). */
  closedPages?: (path: string) => boolean;
}

/** An unread count beside an entry of the side navigation (nothing at zero). */
function Badge({ unread, testId }: { unread: number; testId: string }) {
  const { t } = useTranslation('shell');
  if (unread <= 0) return null;
  return (
    <span className="badge badge--red shell__nav-badge" data-testid={testId}>
      {unread > 99 ? '99+' : unread}
      <span className="visually-hidden"> {t('nav.unread')}</span>
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

/**
 * The game's pages. On a phone the list is one row that scrolls sideways (shell.css): the row is scrolled, never the
 * page, so that the link of the page shown is on the screen.
 */
function SideNav({ closedPages }: Pick<GameShellProps, 'closedPages'>) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const row = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = row.current;
    const active = list?.querySelector('a.active');
    if (!list || !active || typeof IntersectionObserver === 'undefined') return;
    // The sizes come from an observer, after the browser's own layout: reading them here would lay the whole page out
    // at once, in the middle of its first render (about 90 ms of a phone's first load, at a phone's speed).
    const watch = new IntersectionObserver(
      ([entry], observer) => {
        observer.disconnect();
        const shown = entry?.rootBounds;
        if (!entry || !shown) return;
        const link = entry.boundingClientRect;
        if (link.left < shown.left || link.right > shown.right) list.scrollLeft += link.left - shown.left - (shown.width - link.width) / 2;
      },
      { root: list },
    );
    watch.observe(active);
    return () => watch.disconnect();
  }, [pathname]);
  return (
    <nav aria-label={t('nav.label')}>
      <ul ref={row}>
        {NAV.filter((item) => !closedPages?.(item.to)).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to}>
              {t(`nav.${item.page}`)}
              {item.to === '/game/reports' && <UnreadBadge />}
              {item.to === '/game/messages' && <UnreadMessagesBadge />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function GameShell({ tutorial, banners, closedPages }: GameShellProps) {
  const { t } = useTranslation('shell');
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
      <section className="shell__topbar" aria-label={t('topbar')}>
        <VillageSelector />
        <CompactResources />
        <IncomingAttackAlert />
        {/* The tutorial button lands here; app/ passes it in (features never import each other). */}
        <div className="shell__tutorial">{tutorial}</div>
        {user && (
          <div className="shell__user">
            <Avatar userId={user.id} username={user.username} discordAvatar={user.discordAvatar} />
            <span className="shell__username">{user.username}</span>
            <LanguagePicker className="shell__language" />
            {!closedPages?.('/game/settings') && (
              <Link className="button button--ghost button--small" to="/game/settings">
                {t('settings')}
              </Link>
            )}
            <ActionButton className="button button--secondary button--small" onClick={() => leave.mutate()} pending={leave.isPending}>
              {t('logout')}
            </ActionButton>
          </div>
        )}
      </section>

      <div className="shell__sidenav">
        <SideNav closedPages={closedPages} />
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
