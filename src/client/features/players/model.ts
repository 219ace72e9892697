// Pure helpers of the profile page: the description's limit and check (said in the player's language), and the map address of a village's tile.
import { VALIDATION_MESSAGES, freeTextError, normaliseFreeText } from '../../../rules/validation';
import { i18n } from '../../i18n';

/** The contract's limit (UpdateProfileRequest), in characters once trimmed. */
export const DESCRIPTION_MAX = 500;

/** What the description form says, in the player's language (read at call time). */
export function profileMessages(): { descriptionTooLong: string } {
  return { descriptionTooLong: i18n.t('players:errors.descriptionTooLong', { max: DESCRIPTION_MAX }) };
}

/** The free-text rule's messages a description can meet, by their key in the players namespace. */
const FREE_TEXT_KEYS = ['textControl', 'textBidi', 'textInvisible', 'textCombining'] as const satisfies readonly (keyof typeof VALIDATION_MESSAGES)[];

/** Characters as a player counts them (an emoji once), trimmed as the server stores it. */
export function descriptionLength(text: string): number {
  return [...normaliseFreeText(text)].length;
}

/** Why the server would refuse the description, or undefined (empty is allowed: it clears it). */
export function descriptionError(text: string): string | undefined {
  if (descriptionLength(text) > DESCRIPTION_MAX) return profileMessages().descriptionTooLong;
  const english = freeTextError(normaliseFreeText(text), { multiline: true });
  const key = FREE_TEXT_KEYS.find((name) => VALIDATION_MESSAGES[name] === english);
  return key ? i18n.t(`players:errors.${key}`) : english;
}

/** The army page with a tile's village to add to a farm list, as the army page reads its address (?farm=x|y). */
export function farmListPath(tile: { x: number; y: number }): string {
  return `/game/army?${new URLSearchParams({ farm: `${tile.x}|${tile.y}` }).toString()}`;
}

/** The map centred on a tile, as the map page reads its address (?x=&y=). */
export function mapPath(tile: { x: number; y: number }): string {
  return `/game/map?x=${tile.x}&y=${tile.y}`;
}
