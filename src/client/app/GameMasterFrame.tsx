// /gamemaster composed: the dashboard with the admin feature's player search as its Moderate Players panel (admins may also act there).
import { useAtomValue } from 'jotai';
import GameMasterPage from '../features/gamemaster/GameMasterPage';
import { PlayerManagement } from '../features/admin/PlayerManagement';
import { parseRole } from '../../rules/roles';
import { userAtom } from '../state/session';

export default function GameMasterFrame() {
  const user = useAtomValue(userAtom);
  const isAdmin = parseRole(user?.role) === 'admin';
  return <GameMasterPage moderation={<PlayerManagement canAdminister={isAdmin} title="Players" />} />;
}
