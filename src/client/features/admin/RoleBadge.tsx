// A player's role as a coloured badge: admin red, game master purple, moderator blue, otherwise green.
import { useTranslation } from 'react-i18next';
import { parseRole, roleBadgeColour } from '../../../rules/roles';
import { roleName } from '../../i18n/game';

export function RoleBadge({ role }: { role: string }) {
  useTranslation();
  const parsed = parseRole(role) ?? 'user';
  return <span className={`badge badge--${roleBadgeColour(parsed)}`}>{roleName(parsed)}</span>;
}
