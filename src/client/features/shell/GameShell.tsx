// The /game frame: header, top bar (village, resources, player, logout), side navigation and the page outlet.
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { logout } from '../../api/auth';
import { signOutAtom, userAtom } from '../../state/session';
import { RESOURCE_NAMES, RESOURCE_TYPES } from '../../../rules/resources';
import { Avatar } from '../../ui/Avatar';
import { SiteHeader } from '../../ui/SiteHeader';

const NAV = [
  { to: '/game/village', label: 'Village', icon: '🏘️' },
  { to: '/game/map', label: 'Map', icon: '🗺️' },
  { to: '/game/heroes', label: 'Heroes', icon: '🦸' },
  { to: '/game/wonders', label: 'Wonders', icon: '🏛️' },
  { to: '/game/quests', label: 'Quests', icon: '📜' },
  { to: '/game/army', label: 'Army', icon: '⚔️' },
  { to: '/game/reports', label: 'Reports', icon: '📨' },
  { to: '/game/alliance', label: 'Alliance', icon: '🛡️' },
] as const;

const RESOURCE_ICONS = { timber: '🪵', stone: '🪨', iron: '⛓️', mead: '🍯' } as const;

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
            <li key={resource} title={RESOURCE_NAMES[resource]}>
              <span aria-hidden="true">{RESOURCE_ICONS[resource]}</span>
              <span className="visually-hidden">{RESOURCE_NAMES[resource]}:</span>
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
                <span aria-hidden="true">{item.icon}</span>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <main className="shell__main">
        <Outlet />
      </main>
    </div>
  );
}
