// Who may march with an army: the checks a hero passes before it leaves with an attack or a raid.
import type { SendableMovement } from './movements';

export const HERO_ONLY_TO_BATTLE = 'Heroes march only to battle: send them with an attack or a raid';
export const NO_SUCH_HERO_OF_YOURS = 'No such hero of yours';

/** A hero as a march sees it; instants in ms since the epoch. */
export interface MarchingHero {
  name: string;
  ownerId: string;
  /** The village the hero stays in (its home while not away). */
  villageId: string;
  onMission: boolean;
  /** Until when the hero rests after a lost battle, or null. */
  restingUntil: number | null;
}

/** The order a hero is to march with. */
export interface HeroMarchOrder {
  movementType: SendableMovement;
  playerId: string;
  fromVillageId: string;
  /** The instant the army leaves. */
  at: number;
}

/**
 * Why a hero may not march, by kind: the order cannot take a hero at all (`wrong_order`), the hero is
 * not the player's to command (`not_yours`), or the hero cannot go now (`unavailable`).
 */
export interface HeroMarchRefusal {
  kind: 'wrong_order' | 'not_yours' | 'unavailable';
  message: string;
}

/** Heroes go only to battle: an order of reinforcements or scouts is refused before any hero is looked at. */
export function heroOrderRefusal(movementType: SendableMovement): HeroMarchRefusal | null {
  return movementType === 'reinforce' || movementType === 'scout' ? { kind: 'wrong_order', message: HERO_ONLY_TO_BATTLE } : null;
}

/**
 * Why `hero` (null when no hero has the id) may not march with `order`, or null. In order: the order
 * takes heroes; the hero is the player's; it stays in the village the army leaves; it is not away
 * already; it is not resting after a lost battle (a rest ending at the very instant is over).
 */
export function heroMarchRefusal(order: HeroMarchOrder, hero: MarchingHero | null): HeroMarchRefusal | null {
  const wrongOrder = heroOrderRefusal(order.movementType);
  if (wrongOrder) return wrongOrder;
  // Someone else's hero is answered like a hero that does not exist, so ids reveal nothing.
  if (!hero || hero.ownerId !== order.playerId) return { kind: 'not_yours', message: NO_SUCH_HERO_OF_YOURS };
  if (hero.villageId !== order.fromVillageId) return { kind: 'unavailable', message: `${hero.name} stays in another village` };
  if (hero.onMission) return { kind: 'unavailable', message: `${hero.name} is already on a mission` };
  if (hero.restingUntil !== null && hero.restingUntil > order.at) return { kind: 'unavailable', message: `${hero.name} is resting` };
  return null;
}
