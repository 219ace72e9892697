// /gamemaster composed: the game master's or the moderator's dashboard with the admin feature's player search (admins may do everything there, moderators suspend players of a lower role).
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import GameMasterPage from '../features/gamemaster/GameMasterPage';
import { PlayerManagement } from '../features/admin/PlayerManagement';
import { parseRole } from '../../rules/roles';
import { userAtom } from '../state/session';

export default function GameMasterFrame() {
  const { t } = useTranslation('app');
  const user = useAtomValue(userAtom);
  const role = parseRole(user?.role);
  // Moderators and game masters suspend players of a lower role than theirs (the server holds them to it); admins do everything.
  const suspendAs = role === 'moderator' || role === 'gamemaster' ? role : undefined;
  return <GameMasterPage moderation={<PlayerManagement canAdminister={role === 'admin'} suspendAs={suspendAs} title={t('players')} />} />;
}
