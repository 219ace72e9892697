// What the sitters' pages say of the rules: what a sitter may and may not do, and a name checked before it is sent.
import { MAX_SITTERS, SITTER_LAPSE_DAYS } from '../../../rules/sitters';

/** What a sitter may do, in the words of the settings page. */
export const SITTERS_MAY =
  'build and upgrade, train units, research in the smithy, use the merchant exchange, and send troops and resources between your own villages';

/** What a sitter may never do. */
export const SITTERS_MAY_NOT =
  'attack, raid or scout, trade with other players, send anything to another player, recruit heroes, build wonders, read or send your mail, act in your alliance, or change your settings';

/** The rule in one paragraph, with its numbers from src/rules. */
export function sittersRule(): string {
  return `Name up to ${MAX_SITTERS} other players who may keep your villages going while you are away. A sitter may ${SITTERS_MAY}; never ${SITTERS_MAY_NOT}. Everything a sitter does is in the log below. Their access lapses while you have not played for ${SITTER_LAPSE_DAYS} days, and returns when you play again.`;
}

/** Why a sitter's name cannot be sent as typed, or null. */
export function nameRefusal(username: string, held: number): string | null {
  if (username.trim() === '') return 'Type the username of the player to name';
  if (held >= MAX_SITTERS) return `You may name at most ${MAX_SITTERS} sitters; remove one first`;
  return null;
}
