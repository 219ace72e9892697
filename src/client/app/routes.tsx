// The one typed route table of SPEC section 2, and its translation into react-router route objects.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import type { Role } from '../../rules/roles';
import { Spinner } from '../ui/Spinner';
import { PublicOnly, RequireAuth, RequireRole } from './guards';
import { RouteError } from './RouteError';

// Every page is its own chunk, so the landing page never pulls in the game (and the map's PixiJS).
const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ChangePasswordPage = lazy(() => import('../features/auth/ChangePasswordPage'));
const CallbackPage = lazy(() => import('../features/auth/CallbackPage'));
const ForbiddenPage = lazy(() => import('../features/forbidden/ForbiddenPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
// The shell composed with the tutorial (features never import each other, so app/ puts them together).
const GameFrame = lazy(() => import('./GameFrame'));
// The village page, or the world picker for a player without a village; its own chunk, with the data layer's atoms.
const VillageHome = lazy(() => import('./VillageHome'));
const DataLayer = lazy(() => import('./DataLayer'));
const MapPage = lazy(() => import('../features/map-panel/MapPage'));
const HeroesPage = lazy(() => import('../features/heroes/HeroesPage'));
const WondersPage = lazy(() => import('../features/wonders/WondersPage'));
const QuestsPage = lazy(() => import('../features/quests/QuestsPage'));
// The alliance page composed with the reports feature's card for the battles of its activity feed.
const AllianceFrame = lazy(() => import('./AllianceFrame'));
const AllianceDirectoryPage = lazy(() => import('../features/alliance/AllianceDirectoryPage'));
const AllianceProfilePage = lazy(() => import('../features/alliance/AllianceProfilePage'));
const ArmyPage = lazy(() => import('../features/army/ArmyPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
const MessagesPage = lazy(() => import('../features/messages/MessagesPage'));
const ComposePage = lazy(() => import('../features/messages/ComposePage'));
// One message composed with the reports feature's card for a battle report it shares.
const MessageFrame = lazy(() => import('./MessageFrame'));
const PlayerPage = lazy(() => import('../features/players/PlayerPage'));
const PlayerByNamePage = lazy(() => import('../features/players/PlayerByNamePage'));
// The rankings composed with the heroes feature's leaderboard.
const RankingsFrame = lazy(() => import('./RankingsFrame'));
// The marketplace composed with the army's movement list for its shipments.
const MarketplaceHome = lazy(() => import('./MarketplaceHome'));
// The settings page composed of the features' sections (vacation, ...).
const SettingsFrame = lazy(() => import('./SettingsFrame'));
// The last alerts (alerts while away); the settings page's Alerts section subscribes this browser.
const AlertsPage = lazy(() => import('../features/alerts/AlertsPage'));
// Every world (join one, go back to one, an ended world's hall of fame), and an ended world's final standing.
const WorldPicker = lazy(() => import('../features/worlds/WorldPicker'));
const HallOfFamePage = lazy(() => import('../features/worlds/HallOfFamePage'));
// The game master dashboard composed with the admin feature's player search.
const GameMasterFrame = lazy(() => import('./GameMasterFrame'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const DesignerMapPage = lazy(() => import('../features/designer/DesignerMapPage'));
const DesignerVillagePage = lazy(() => import('../features/designer/DesignerVillagePage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));

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
