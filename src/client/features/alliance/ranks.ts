// Alliance ranks in the player's language: a rank's name ('Elder') and a rank after "is now" ('an elder').
import { i18n } from '../../i18n';
import { isAllianceRole, type AllianceRole, type AppointableRole } from '../../../rules/alliances';

/** A rank as the member list shows it; anything unknown is a regular member (as the rules' roleLabel reads it). */
export function rankName(role: string): string {
  const rank: AllianceRole = isAllianceRole(role) ? role : 'member';
  return i18n.t(`alliance:ranks.name.${rank}`);
}

/** 'an elder', 'an officer', 'a regular member': a rank after "is now" and "You become". */
export function aRank(role: AppointableRole): string {
  return i18n.t(`alliance:ranks.a.${role}`);
}
