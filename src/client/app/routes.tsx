// The one typed route table of SPEC section 2, and its translation into react-router route objects.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import type { Role } from '../../rules/roles';
import { Spinner } from '../ui/Spinner';
import { loadNamespaces } from '../i18n';
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { RouteError } from './RouteError';

/**
 * A page in its own chunk, with the translation namespaces it reads fetched beside the chunk rather than after it (one
 * round trip, and the page never renders before its words are there). A namespace is the feature folder's name (its
 * files are src/client/i18n/locales/<language>/<namespace>.json); one with no file yet costs nothing.
 */
function page(load: () => Promise<{ default: ComponentType }>, namespaces: readonly string[]): LazyExoticComponent<ComponentType> {
  return lazy(() => Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module));
}

// Every page is its own chunk, so the landing page never pulls in the game (and the map's PixiJS).
const LandingPage = page(() => import('../features/landing/LandingPage'), ['landing']);
const LoginPage = page(() => import('../features/auth/LoginPage'), ['auth']);
const RegisterPage = page(() => import('../features/auth/RegisterPage'), ['auth']);
const ForgotPasswordPage = page(() => import('../features/auth/ForgotPasswordPage'), ['auth']);
const ChangePasswordPage = page(() => import('../features/auth/ChangePasswordPage'), ['auth']);
const CallbackPage = page(() => import('../features/auth/CallbackPage'), ['auth']);
const ForbiddenPage = page(() => import('../features/forbidden/ForbiddenPage'), ['forbidden']);
const DashboardPage = page(() => import('../features/dashboard/DashboardPage'), ['dashboard']);
// The shell composed with the tutorial (features never import each other, so app/ puts them together).
const GameFrame = page(() => import('./GameFrame'), ['shell', 'tutorial', 'quest-catalog', 'vacation', 'sitters']);
// The village page, or the world picker for a player without a village; its own chunk, with the data layer's atoms.
const VillageHome = page(() => import('./VillageHome'), ['village', 'worlds']);
const DataLayer = lazy(() => import('./DataLayer'));
const MapPage = page(() => import('../features/map-panel/MapPage'), ['map-panel']);
const HeroesPage = page(() => import('../features/heroes/HeroesPage'), ['heroes']);
const WondersPage = page(() => import('../features/wonders/WondersPage'), ['wonders']);
const QuestsPage = page(() => import('../features/quests/QuestsPage'), ['quests', 'quest-catalog']);
// The alliance page composed with the reports feature's card for the battles of its activity feed.
const AllianceFrame = page(() => import('./AllianceFrame'), ['alliance', 'reports']);
const AllianceDirectoryPage = page(() => import('../features/alliance/AllianceDirectoryPage'), ['alliance']);
const AllianceProfilePage = page(() => import('../features/alliance/AllianceProfilePage'), ['alliance']);
const ArmyPage = page(() => import('../features/army/ArmyPage'), ['army']);
const ReportsPage = page(() => import('../features/reports/ReportsPage'), ['reports']);
const MessagesPage = page(() => import('../features/messages/MessagesPage'), ['messages']);
const ComposePage = page(() => import('../features/messages/ComposePage'), ['messages']);
// One message composed with the reports feature's card for a battle report it shares.
const MessageFrame = page(() => import('./MessageFrame'), ['messages', 'reports']);
const PlayerPage = page(() => import('../features/players/PlayerPage'), ['players']);
const PlayerByNamePage = page(() => import('../features/players/PlayerByNamePage'), ['players']);
// The rankings composed with the heroes feature's leaderboard.
const RankingsFrame = page(() => import('./RankingsFrame'), ['rankings', 'heroes']);
// The marketplace composed with the army's movement list for its shipments.
const MarketplaceHome = page(() => import('./MarketplaceHome'), ['marketplace', 'army', 'app']);
// The settings page composed of the features' sections (vacation, ...).
const SettingsFrame = page(() => import('./SettingsFrame'), ['settings', 'vacation', 'alerts', 'sitters']);
// The last alerts (alerts while away); the settings page's Alerts section subscribes this browser.
const AlertsPage = page(() => import('../features/alerts/AlertsPage'), ['alerts']);
// The game master dashboard composed with the admin feature's player search.
const GameMasterFrame = page(() => import('./GameMasterFrame'), ['gamemaster', 'admin', 'app']);
const AdminPage = page(() => import('../features/admin/AdminPage'), ['admin']);
const DesignerMapPage = page(() => import('../features/designer/DesignerMapPage'), ['designer']);
const DesignerVillagePage = page(() => import('../features/designer/DesignerVillagePage'), ['designer']);
const NotFoundPage = page(() => import('../features/not-found/NotFoundPage'), ['not-found']);

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
  { path: '*', access: 'signed-in', page: NotFoundPage },
];

export const appRoutes: readonly AppRoute[] = [
  // The landing page reads no server data but the sign-in options: it loads without the data layer, and so stays light.
  { path: '/', access: 'visitors', page: LandingPage, withoutData: true },
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
