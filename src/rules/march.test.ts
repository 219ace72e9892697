// Pins the checks a hero passes before it marches: the order, whose hero, where it stays, away or resting.
import { describe, expect, it } from 'vitest';
import { HERO_ONLY_TO_BATTLE, NO_SUCH_HERO_OF_YOURS, heroMarchRefusal, heroOrderRefusal, type HeroMarchOrder, type MarchingHero } from './march';

const at = Date.UTC(2025, 0, 15, 12);
const order: HeroMarchOrder = { movementType: 'attack', playerId: 'ragnar', fromVillageId: 'kattegat', at };
const hero: MarchingHero = { name: 'Astrid the Skald', ownerId: 'ragnar', villageId: 'kattegat', onMission: false, restingUntil: null };

describe('heroOrderRefusal', () => {
  it('lets heroes go with attacks and raids only', () => {
    expect(heroOrderRefusal('attack')).toBeNull();
    expect(heroOrderRefusal('raid')).toBeNull();
    expect(heroOrderRefusal('reinforce')).toEqual({ kind: 'wrong_order', message: HERO_ONLY_TO_BATTLE });
  });
});

describe('heroMarchRefusal', () => {
  it('lets a hero of the player, at home in the village the army leaves and rested, march to battle', () => {
    expect(heroMarchRefusal(order, hero)).toBeNull();
    expect(heroMarchRefusal({ ...order, movementType: 'raid' }, hero)).toBeNull();
  });

  it('refuses reinforcements with a hero before looking at the hero', () => {
    expect(heroMarchRefusal({ ...order, movementType: 'reinforce' }, null)).toEqual({ kind: 'wrong_order', message: HERO_ONLY_TO_BATTLE });
  });

  it('answers a hero that does not exist and another player’s hero alike', () => {
    const refusal = { kind: 'not_yours', message: NO_SUCH_HERO_OF_YOURS };
    expect(heroMarchRefusal(order, null)).toEqual(refusal);
    expect(heroMarchRefusal(order, { ...hero, ownerId: 'lagertha' })).toEqual(refusal);
  });

  it('keeps a hero in the village it stays in', () => {
    expect(heroMarchRefusal(order, { ...hero, villageId: 'hedeby' })).toEqual({ kind: 'unavailable', message: 'Astrid the Skald stays in another village' });
  });

  it('sends a hero on one mission at a time', () => {
    expect(heroMarchRefusal(order, { ...hero, onMission: true })).toEqual({ kind: 'unavailable', message: 'Astrid the Skald is already on a mission' });
  });

  it('keeps a resting hero at home until the rest is over, the very instant included', () => {
    expect(heroMarchRefusal(order, { ...hero, restingUntil: at + 1 })).toEqual({ kind: 'unavailable', message: 'Astrid the Skald is resting' });
    expect(heroMarchRefusal(order, { ...hero, restingUntil: at })).toBeNull();
    expect(heroMarchRefusal(order, { ...hero, restingUntil: at - 60_000 })).toBeNull();
  });

  it('checks in order: whose hero before where it stays, where before away, away before resting', () => {
    const everything: MarchingHero = { ...hero, villageId: 'hedeby', onMission: true, restingUntil: at + 1 };
    expect(heroMarchRefusal(order, { ...everything, ownerId: 'lagertha' })?.kind).toBe('not_yours');
    expect(heroMarchRefusal(order, everything)?.message).toBe('Astrid the Skald stays in another village');
    expect(heroMarchRefusal(order, { ...everything, villageId: 'kattegat' })?.message).toBe('Astrid the Skald is already on a mission');
  });
});
