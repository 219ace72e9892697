// The one typed route table of SPEC section 2, and its translation into react-router route objects.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import type { Role } from '../../rules/roles';
import { Spinner } from '../ui/Spinner';
import { loadNamespaces } from '../i18n';
import { listVillages } from '../api/villages';
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { RouteError } from './RouteError';
import { StaticLanding } from './StaticLanding';

/** How to fetch each lazy page's chunks before it renders (see preloadPagesAt), by the page. */
const pagePreloads = new WeakMap<object, () => Promise<unknown>>();

/**
 * React.lazy whose chunk can also be fetched before the page renders (once, shared with the render), together with its
 * `companions`: chunks the page is sure to ask for as soon as it renders. The translation namespaces it reads are
 * fetched beside the chunk rather than after it (one round trip, and the page never renders before its words are
 * there). A namespace is the feature folder's name (its files are src/client/i18n/locales/<language>/<namespace>.json);
 * one with no file yet costs nothing.
 */
export function lazyPage<P>(
  load: () => Promise<{ default: ComponentType<P> }>,
  namespaces: readonly string[],
  ...companions: (() => Promise<unknown>)[]
): LazyExoticComponent<ComponentType<P>> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const loadOnce = () => (loading ??= Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module));
  const page = lazy(loadOnce);
  pagePreloads.set(page, () => Promise.all([loadOnce(), ...companions.map((companion) => companion())]));
  return page;
}

// Every page is its own chunk, so a page never pulls in the game (and the map's PixiJS) before it needs it. The landing
// page is not among them: it is static HTML the server sends for "/" (StaticLanding).
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), ['auth']);
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'), ['auth']);
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'), ['auth']);
const ChangePasswordPage = lazyPage(() => import('../features/auth/ChangePasswordPage'), ['auth']);
const CallbackPage = lazyPage(() => import('../features/auth/CallbackPage'), ['auth']);
const ForbiddenPage = lazyPage(() => import('../features/forbidden/ForbiddenPage'), ['forbidden']);
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'), ['dashboard']);
// The shell composed with the tutorial (features never import each other, so app/ puts them together).
const loadGameFrame = () => import('./GameFrame');
const GameFrame = lazyPage(loadGameFrame, ['shell', 'tutorial', 'quest-catalog', 'vacation', 'sitters']);
// The village page, or the world picker for a player without a village; its own chunk, with the data layer's atoms.
const VillageHome = lazyPage(
  () => import('./VillageHome'),
  ['village', 'worlds'],
  // Its village page comes at once for every player with a village: fetched with it, not after it.
  () => import('../features/village/VillagePage'),
);
const DataLayer = lazyPage(() => import('./DataLayer'), []);
const MapPage = lazyPage(() => import('../features/map-panel/MapPage'), ['map-panel']);
const HeroesPage = lazyPage(() => import('../features/heroes/HeroesPage'), ['heroes']);
const WondersPage = lazyPage(() => import('../features/wonders/WondersPage'), ['wonders']);
const QuestsPage = lazyPage(() => import('../features/quests/QuestsPage'), ['quests', 'quest-catalog']);
// The alliance page composed with the reports feature's card for the battles of its activity feed.
const AllianceFrame = lazyPage(() => import('./AllianceFrame'), ['alliance', 'reports']);
const AllianceDirectoryPage = lazyPage(() => import('../features/alliance/AllianceDirectoryPage'), ['alliance']);
const AllianceProfilePage = lazyPage(() => import('../features/alliance/AllianceProfilePage'), ['alliance']);
const ArmyPage = lazyPage(() => import('../features/army/ArmyPage'), ['army']);
const ReportsPage = lazyPage(() => import('../features/reports/ReportsPage'), ['reports']);
const MessagesPage = lazyPage(() => import('../features/messages/MessagesPage'), ['messages']);
const ComposePage = lazyPage(() => import('../features/messages/ComposePage'), ['messages']);
// One message composed with the reports feature's card for a battle report it shares.
const MessageFrame = lazyPage(() => import('./MessageFrame'), ['messages', 'reports']);
const PlayerPage = lazyPage(() => import('../features/players/PlayerPage'), ['players']);
const PlayerByNamePage = lazyPage(() => import('../features/players/PlayerByNamePage'), ['players']);
// The rankings composed with the heroes feature's leaderboard.
const RankingsFrame = lazyPage(() => import('./RankingsFrame'), ['rankings', 'heroes']);
// The marketplace composed with the army's movement list for its shipments.
const MarketplaceHome = lazyPage(() => import('./MarketplaceHome'), ['marketplace', 'army', 'app']);
// The settings page composed of the features' sections (vacation, ...).
const SettingsFrame = lazyPage(() => import('./SettingsFrame'), ['settings', 'vacation', 'alerts', 'sitters']);
// The last alerts (alerts while away); the settings page's Alerts section subscribes this browser.
const AlertsPage = lazyPage(() => import('../features/alerts/AlertsPage'), ['alerts']);
// Every world (join one, go back to one, an ended world's hall of fame), and an ended world's final standing.
const WorldPicker = lazyPage(() => import('../features/worlds/WorldPicker'), ['worlds']);
const HallOfFamePage = lazyPage(() => import('../features/worlds/HallOfFamePage'), ['worlds']);
// The game master dashboard composed with the admin feature's player search.
const GameMasterFrame = lazyPage(() => import('./GameMasterFrame'), ['gamemaster', 'admin', 'app']);
const AdminPage = lazyPage(() => import('../features/admin/AdminPage'), ['admin']);
const DesignerMapPage = lazyPage(() => import('../features/designer/DesignerMapPage'), ['designer']);
const DesignerVillagePage = lazyPage(() => import('../features/designer/DesignerVillagePage'), ['designer']);
const NotFoundPage = lazyPage(() => import('../features/not-found/NotFoundPage'), ['not-found']);

/** Who may open a route: anyone, visitors only (signed-in players go to /dashboard), signed-in players, or a minimum role. */
export type Access = 'public' | 'visitors' | 'signed-in' | { role: Role };

type Page = LazyExoticComponent<ComponentType> | ComponentType;

export type AppRoute =
  | { path: string; index?: never; access: Access; page: Page; children?: readonly AppRoute[]; withoutData?: true }
  | { path?: never; index: true; access?: never; page: Page; children?: never }
  | { path?: string; index?: boolean; access?: never; redirect: string; page?: never; children?: never };

/** Sub-routes of /game; village is the default. */
const armyRoutes: readonly AppRoute[] = [
  { index: true, redirect: 'village' },
  { path: 'village', access: 'signed-in', page: VillageHome },
  { path: 'map', access: 'signed-in', page: MapPage },
  { path: 'heroes', access: 'signed-in', page: HeroesPage },
  { path: 'wonders', access: 'signed-in', page: WondersPage },
  { path: 'quests', access: 'signed-in', page: QuestsPage },
  { path: 'alliance', access: 'signed-in', page: AllianceFrame },
  { path: 'alliances', access: 'signed-in', page: AllianceDirectoryPage },
  { path: 'alliances/:allianceId', access: 'signed-in', page: AllianceProfilePage },
  { path: 'army', access: 'signed-in', page: ArmyPage },
  { path: 'reports', access: 'signed-in', page: ReportsPage },
  { path: 'messages', access: 'signed-in', page: MessagesPage },
  { path: 'messages/new', access: 'signed-in', page: ComposePage },
  { path: 'messages/:messageId', access: 'signed-in', page: MessageFrame },
  { path: 'players/by-name/:username', access: 'signed-in', page: PlayerByNamePage },
  { path: 'players/:playerId', access: 'signed-in', page: PlayerPage },
  { path: 'rankings', access: 'signed-in', page: RankingsFrame },
  { path: 'marketplace', access: 'signed-in', page: MarketplaceHome },
  { path: 'settings', access: 'signed-in', page: SettingsFrame },
  { path: 'alerts', access: 'signed-in', page: AlertsPage },
  { path: 'worlds', access: 'signed-in', page: WorldPicker },
  { path: 'worlds/:worldId/hall-of-fame', access: 'signed-in', page: HallOfFamePage },
  { path: '*', access: 'signed-in', page: NotFoundPage },
];

export const appRoutes: readonly AppRoute[] = [
  // The static landing page, loaded from the server when the app is asked for "/"; a signed-in player goes to /dashboard.
  { path: '/', access: 'visitors', page: StaticLanding, withoutData: true },
  { path: '/login', access: 'public', page: LoginPage },
  { path: '/register', access: 'visitors', page: RegisterPage },
  { path: '/forgot-password', access: 'public', page: ForgotPasswordPage },
  // Where a player with a temporary password is held until they choose their own (see guards).
  { path: '/change-password', access: 'signed-in', page: ChangePasswordPage },
  // Both addresses appear in different places of the Discord flow; both are the callback page.
  { path: '/auth/discord', access: 'public', page: CallbackPage },
  { path: '/auth/callback', access: 'public', page: CallbackPage },
  { path: '/forbidden', access: 'public', page: ForbiddenPage },
  { path: '/dashboard', access: 'signed-in', page: DashboardPage },
  { path: '/game', access: 'signed-in', page: GameFrame, children: armyRoutes },
  { path: '/gamemaster/*', access: { role: 'moderator' }, page: GameMasterFrame },
  { path: '/admin/*', access: { role: 'admin' }, page: AdminPage },
  // Art tuning for the map (assets/): every tile type at every zoom step on the real stage.
  { path: '/designer/map', access: { role: 'gamemaster' }, page: DesignerMapPage },
  // Art tuning for the village picture (assets/village/): a sample village on the real scene, and every piece.
  { path: '/designer/village', access: { role: 'gamemaster' }, page: DesignerVillagePage },
  { path: '*', access: 'public', page: NotFoundPage },
];

function guarded(access: Access | undefined, element: ReactNode): ReactNode {
  if (access === undefined || access === 'public') return element;
  if (access === 'visitors') return <PublicOnly>{element}</PublicOnly>;
  if (access === 'signed-in') return <RequireAuth>{element}</RequireAuth>;
  return <RequireRole role={access.role}>{element}</RequireRole>;
}

function toRouteObject(route: AppRoute, nested: boolean): RouteObject {
  if ('redirect' in route && route.redirect !== undefined) {
    const element = <Navigate to={route.redirect} replace />;
    return route.index ? { index: true, element } : { path: route.path, element };
  }
  const PageComponent = route.page as ComponentType;
  // Children sit inside their parent's guard and data layer already; wrapping again would only re-check.
  const page = nested || ('withoutData' in route && route.withoutData) ? <PageComponent /> : <DataLayer>{<PageComponent />}</DataLayer>;
  const element = guarded(nested ? undefined : route.access, page);
  if (route.index) return { index: true, element };
  return {
    path: route.path,
    element,
    children: route.children?.map((child) => toRouteObject(child, true)),
  };
}

/** Whether a visitor (`signedIn` false) or a player with a stored session may be shown a route of `access`. */
function mayOpen(access: Access, signedIn: boolean): boolean {
  if (access === 'public') return true;
  return access === 'visitors' ? !signedIn : signedIn;
}

/** The route table as react-router matches it, each route's handle fetching its page's chunks (and the data layer's). */
function preloadRoutes(routes: readonly AppRoute[], signedIn: boolean, nested: boolean, inherited?: Access): RouteObject[] {
  return routes.map((route) => {
    const access = route.access ?? inherited;
    const page = route.page;
    const fetchPage = (): Promise<unknown> => {
      if (!page || (access !== undefined && !mayOpen(access, signedIn))) return Promise.resolve();
      // A chunk that fails to arrive fails the page's own render, which says so (RouteError); nothing to say here.
      const fetching = [pagePreloads.get(page)?.().catch(() => undefined)];
      if (!nested && !('withoutData' in route && route.withoutData)) fetching.push(pagePreloads.get(DataLayer)?.().catch(() => undefined));
      return Promise.all(fetching);
    };
    if (route.index) return { index: true, handle: fetchPage };
    return { path: route.path, handle: fetchPage, children: route.children && preloadRoutes(route.children, signedIn, true, access) };
  });
}

/**
 * Starts fetching the chunks of the pages at `pathname` (the page, its parent's, the data layer when they read data)
 * as the app starts: without it each arrives only once the session check has answered and the page above it has
 * rendered, one round trip after another. Pages the stored session (`signedIn`: a token is stored) may not open are
 * left alone: the guard sends the visitor elsewhere. The promise settles when they have all arrived (or failed).
 */
export function preloadPagesAt(pathname: string, { signedIn }: { signedIn: boolean }, routes: readonly AppRoute[] = appRoutes): Promise<void> {
  const matches = matchRoutes(preloadRoutes(routes, signedIn, false), pathname) ?? [];
  const fetching: Promise<unknown>[] = [];
  for (const { route } of matches) {
    if (typeof route.handle === 'function') fetching.push((route.handle as () => Promise<unknown>)());
  }
  // A game page's first read goes out with its chunks, not after the game frame's chunk has come (a round trip and the
  // chunk's download more before the village's name could be drawn); GameFrame.tsx's prefetchGameReads files its answer.
  if (signedIn && routes === appRoutes && matches.some(({ route }) => route.path === '/game')) {
    const villages = listVillages();
    // Its failure is the query's to report (a refused session ends through the API client's 401), not an unhandled one.
    villages.catch(() => undefined);
    loadGameFrame()
      .then((frame) => frame.prefetchGameReads(villages))
      .catch(() => undefined);
  }
  // Settles once every chunk asked for has arrived or failed (never rejects): a prerendered page waits for it.
  return Promise.all(fetching).then(() => undefined);
}

/**
 * One Suspense boundary above all pages: navigations run in a transition, so the page on screen
 * stays until the next page's chunk has arrived instead of flashing a spinner.
 */
function PageFrame() {
  return (
    <Suspense fallback={<Spinner fullPage />}>
      <Outlet />
    </Suspense>
  );
}

export function buildRoutes(routes: readonly AppRoute[] = appRoutes): RouteObject[] {
  return [{ element: <PageFrame />, errorElement: <RouteError />, children: routes.map((route) => toRouteObject(route, false)) }];
}
