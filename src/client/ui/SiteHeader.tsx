// The header bar over signed-in pages: a Dashboard link for anyone signed in, Game Master for game masters and admins (Moderation to the same page for moderators), Admin only for admins.
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseRole, roleAllows } from '../../rules/roles';
import { authStatusAtom, userAtom } from '../state/session';
import { Logo } from './Logo';

export function SiteHeader({ className, children }: { className?: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
  const status = useAtomValue(authStatusAtom);
  const user = useAtomValue(userAtom);
  const role = parseRole(user?.role);
  const isAdmin = role === 'admin';
  const isGameMaster = role !== null && roleAllows(role, 'gamemaster');
  const isModerator = role === 'moderator';
  return (
    <header className={className ? `site-header ${className}` : 'site-header'}>
      <Link className="site-header__brand" to="/" aria-label={t('header.home')}>
        <Logo />
      </Link>
      <nav aria-label={t('header.main')}>
        {status === 'authenticated' && <NavLink to="/dashboard">{t('header.dashboard')}</NavLink>}
        {status === 'authenticated' && isGameMaster && <NavLink to="/gamemaster">{t('header.gameMaster')}</NavLink>}
        {status === 'authenticated' && isModerator && <NavLink to="/gamemaster">{t('header.moderation')}</NavLink>}
        {status === 'authenticated' && isAdmin && <NavLink to="/admin">{t('header.admin')}</NavLink>}
        {children}
      </nav>
    </header>
  );
}
