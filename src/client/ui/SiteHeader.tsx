// The header bar over signed-in pages: a Dashboard link for anyone signed in, Game Master for game masters and admins (Moderation to the same page for moderators), Admin only for admins.
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Link, NavLink } from 'react-router';
import { parseRole, roleAllows } from '../../rules/roles';
import { authStatusAtom, userAtom } from '../state/session';
import { Logo } from './Logo';

export function SiteHeader({ className, children }: { className?: string; children?: ReactNode }) {
  const status = useAtomValue(authStatusAtom);
  const user = useAtomValue(userAtom);
  const role = parseRole(user?.role);
  const isAdmin = role === 'admin';
  const isGameMaster = role !== null && roleAllows(role, 'gamemaster');
  const isModerator = role === 'moderator';
  return (
    <header className={className ? `site-header ${className}` : 'site-header'}>
      <Link className="site-header__brand" to="/" aria-label="Vikings home">
        <Logo />
      </Link>
      <nav aria-label="Main">
        {status === 'authenticated' && <NavLink to="/dashboard">Dashboard</NavLink>}
        {status === 'authenticated' && isGameMaster && <NavLink to="/gamemaster">Game Master</NavLink>}
        {status === 'authenticated' && isModerator && <NavLink to="/gamemaster">Moderation</NavLink>}
        {status === 'authenticated' && isAdmin && <NavLink to="/admin">Admin</NavLink>}
        {children}
      </nav>
    </header>
  );
}
