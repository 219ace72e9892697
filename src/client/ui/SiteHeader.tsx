// The header bar over signed-in pages: a Dashboard link for anyone signed in, an Admin link only for admins.
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Link, NavLink } from 'react-router';
import { parseRole } from '../../rules/roles';
import { authStatusAtom, userAtom } from '../state/session';
import { Logo } from './Logo';

export function SiteHeader({ className, children }: { className?: string; children?: ReactNode }) {
  const status = useAtomValue(authStatusAtom);
  const user = useAtomValue(userAtom);
  const isAdmin = parseRole(user?.role) === 'admin';
  return (
    <header className={className ? `site-header ${className}` : 'site-header'}>
      <Link className="site-header__brand" to="/" aria-label="Vikings home">
        <Logo />
      </Link>
      <nav aria-label="Main">
        {status === 'authenticated' && <NavLink to="/dashboard">Dashboard</NavLink>}
        {status === 'authenticated' && isAdmin && <NavLink to="/admin">Admin</NavLink>}
        {children}
      </nav>
    </header>
  );
}
