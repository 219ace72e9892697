// The /game frame: header, top bar (village, resources, player, logout), side navigation and the page outlet.
import { Suspense, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { logout } from '../../api/auth';
import { signOutAtom, userAtom } from '../../state/session';
import { RESOURCE_NAMES, RESOURCE_TYPES } from '../../../rules/resources';
import { Avatar } from '../../ui/Avatar';
import { SiteHeader } from '../../ui/SiteHeader';
import { Spinner } from '../../ui/Spinner';

const NAV = [
  { to: '/game/village', label: 'Village' },
  { to: '/game/map', label: 'Map' },
  { to: '/game/heroes', label: 'Heroes' },
  { to: '/game/wonders', label: 'Wonders' },
  { to: '/game/quests', label: 'Quests' },
  { to: '/game/army', label: 'Army' },
  { to: '/game/reports', label: 'Reports' },
  { to: '/game/alliance', label: 'Alliance' },
] as const;

export default function GameShell() {
  const user = useAtomValue(userAtom);
  const signOut = useSetAtom(signOutAtom);
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  async function onLogout() {
    setLeaving(true);
    try {
      await logout();
    } catch {
      // Signing out locally matters more than the server hearing about it.
    }
    signOut();
    navigate('/login', { replace: true });
  }

  return (
    <div className="shell">
      <SiteHeader className="shell__header" />

      <div className="shell__topbar">
        <div className="shell__village">
          <label htmlFor="village-select">Village</label>
          {/* Placeholder until villages exist: later work fills this from the villages API. */}
          <select id="village-select" className="input" disabled value="">
            <option value="">No village yet</option>
          </select>
        </div>

        <ul className="shell__resources" aria-label="Resources">
          {RESOURCE_TYPES.map((resource) => (
            <li key={resource}>
              <span className={`resource-dot resource-dot--${resource}`} aria-hidden="true" />
              <span className="shell__resource-name">{RESOURCE_NAMES[resource]}</span>
              <span>—</span>
            </li>
          ))}
        </ul>

        {user && (
          <div className="shell__user">
            <Avatar userId={user.id} username={user.username} discordAvatar={user.discordAvatar} />
            <span className="shell__username">{user.username}</span>
            <button type="button" className="button button--secondary button--small" onClick={onLogout} disabled={leaving}>
              Logout
            </button>
          </div>
        )}
      </div>

      <nav className="shell__sidenav" aria-label="Game">
        <ul>
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <main className="shell__main">
        {/* The frame stays up while a game page's chunk loads. */}
        <Suspense fallback={<Spinner fullPage />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
