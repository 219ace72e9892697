// A player's role as a coloured badge: admin red, game master purple, moderator blue, otherwise green.
import { ROLE_NAMES, parseRole, roleBadgeColour } from '../../../rules/roles';

export function RoleBadge({ role }: { role: string }) {
  const parsed = parseRole(role) ?? 'user';
  return <span className={`badge badge--${roleBadgeColour(parsed)}`}>{ROLE_NAMES[parsed]}</span>;
}
