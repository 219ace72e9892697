// Pure helpers of the profile page: the description's limit and check, and the map address of a village's tile.
import { freeTextError, normaliseFreeText } from '../../../rules/validation';

/** The contract's limit (UpdateProfileRequest), in characters once trimmed. */
export const DESCRIPTION_MAX = 500;

export const PROFILE_MESSAGES = {
  descriptionTooLong: `Your description must be at most ${DESCRIPTION_MAX} characters`,
} as const;

/** Characters as a player counts them (an emoji once), trimmed as the server stores it. */
export function descriptionLength(text: string): number {
  return [...normaliseFreeText(text)].length;
}

/** Why the server would refuse the description, or undefined (empty is allowed: it clears it). */
export function descriptionError(text: string): string | undefined {
  if (descriptionLength(text) > DESCRIPTION_MAX) return PROFILE_MESSAGES.descriptionTooLong;
  return freeTextError(normaliseFreeText(text), { multiline: true });
}

/** The army page with a tile's village to add to a farm list, as the army page reads its address (?farm=x|y). */
export function farmListPath(tile: { x: number; y: number }): string {
  return `/game/army?${new URLSearchParams({ farm: `${tile.x}|${tile.y}` }).toString()}`;
}

/** The map centred on a tile, as the map page reads its address (?x=&y=). */
export function mapPath(tile: { x: number; y: number }): string {
  return `/game/map?x=${tile.x}&y=${tile.y}`;
}
