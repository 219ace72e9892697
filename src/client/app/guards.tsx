// Route guards: signed-in only, minimum role, public-only pages for visitors, and the hold of a temporary password.
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation, type Location } from 'react-router';
import { parseRole, roleAllows, type Role } from '../../rules/roles';
import { authStatusAtom, userAtom } from '../state/session';
import { Spinner } from '../ui/Spinner';

/** What the login page reads to send the player back: `location.state.from`. */
export interface FromState {
  from: string;
}

export function pathOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

function AuthLoading() {
  const { t } = useTranslation('common');
  return <Spinner fullPage label={t('checkingSession')} />;
}

function ToLogin() {
  const location = useLocation();
  const state: FromState = { from: pathOf(location) };
  return <Navigate to="/login" replace state={state} />;
}

/** The page that holds a player with a temporary password until they choose their own. */
export const CHANGE_PASSWORD_PATH = '/change-password';

/** A player with a temporary password sees only the change-password page (the server refuses the rest anyway). */
function ToChangePassword() {
  const location = useLocation();
  const state: FromState = { from: pathOf(location) };
  return <Navigate to={CHANGE_PASSWORD_PATH} replace state={state} />;
}

function mustChangeHere(user: { mustChangePassword?: boolean } | null, pathname: string): boolean {
  return user?.mustChangePassword === true && pathname !== CHANGE_PASSWORD_PATH;
}

/** Signed-in players only; visitors go to /login remembering where they were headed. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAtomValue(authStatusAtom);
  const user = useAtomValue(userAtom);
  const { pathname } = useLocation();
  if (status === 'loading') return <AuthLoading />;
  if (status === 'anonymous') return <ToLogin />;
  if (mustChangeHere(user, pathname)) return <ToChangePassword />;
  return <>{children}</>;
}

/** Signed-in players whose role is `role` or higher; others go to /forbidden (visitors to /login). */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const status = useAtomValue(authStatusAtom);
  const user = useAtomValue(userAtom);
  const { pathname } = useLocation();
  if (status === 'loading') return <AuthLoading />;
  if (status === 'anonymous' || !user) return <ToLogin />;
  if (mustChangeHere(user, pathname)) return <ToChangePassword />;
  const actual = parseRole(user.role);
  if (!actual || !roleAllows(actual, role)) return <Navigate to="/forbidden" replace />;
  return <>{children}</>;
}

/** Pages for visitors (landing, register): a signed-in player goes to /dashboard instead. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const status = useAtomValue(authStatusAtom);
  if (status === 'loading') return <AuthLoading />;
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
