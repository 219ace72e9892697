import { describe, expect, it } from 'vitest';
import type { Hero } from '../../api/heroes';
import type { Unit } from '../../api/villages';
import { sendRefusal } from '../../../rules/movements';
import type { MapViewer } from '../../../rules/tile-looks';
import {
  chosenArmy,
  clampCount,
  heroesReady,
  marchPreview,
  missionRefusal,
  offersReinforcement,
  parseArmyRequest,
  targetRelation,
  truceNote,
  unitsAtHome,
  validateVillageName,
  type MissionOrder,
} from './model';
import { targetOnVacationRefusal } from '../../../rules/vacation';
import { truceRefusal, type NightTruce } from '../../../rules/night-truce';

const unit = (type: Unit['type'], count: number, isTraining = false): Unit => ({ id: type, type, count, isTraining, remainingTime: null });

describe('army model', () => {
  it("reads the map's request from the address, ignoring what is not a tile or a mission", () => {
    expect(parseArmyRequest(new URLSearchParams('x=12&y=-40&mission=raid'))).toEqual({ target: { x: 12, y: -40 }, mission: 'raid' });
    expect(parseArmyRequest(new URLSearchParams('x=3&y=4&mission=settle'))).toEqual({ target: { x: 3, y: 4 }, mission: 'settle' });
    expect(parseArmyRequest(new URLSearchParams('x=12&mission=return'))).toEqual({ target: null, mission: null });
    expect(parseArmyRequest(new URLSearchParams('x=201&y=0'))).toEqual({ target: null, mission: null });
    expect(parseArmyRequest(new URLSearchParams('x=1.5&y=0'))).toEqual({ target: null, mission: null });
  });

  it('counts only units standing at home', () => {
    expect(unitsAtHome([unit('bondi', 4), unit('huscarl', 0, true), unit('jarl', 1)])).toEqual({ bondi: 4, jarl: 1 });
  });

  it('clamps typed counts to whole numbers between 0 and what is at home', () => {
    expect(clampCount('7', 10)).toBe(7);
    expect(clampCount('12', 10)).toBe(10);
    expect(clampCount('2.9', 10)).toBe(2);
    expect(clampCount('-3', 10)).toBe(0);
    expect(clampCount('lots', 10)).toBe(0);
    expect(clampCount('', 10)).toBe(0);
    expect(chosenArmy({ bondi: '3', huscarl: '99', berserker: '0', jarl: '1' }, { bondi: 5, huscarl: 2 })).toEqual({ bondi: 3, huscarl: 2 });
  });

  it('previews the march at the pace of the slowest unit, and what the army can carry', () => {
    // 10 tiles at 6 tiles an hour (huscarl) = 6000 s; at world speed 2 half of it. Bondi carry 40, huscarls 40.
    const preview = marchPreview({ x: 0, y: 0 }, { x: 6, y: 8 }, { bondi: 2, huscarl: 1 }, 2);
    expect(preview).toEqual({ distance: 10, seconds: 3000, slowest: 'huscarl', carry: 120 });
    expect(marchPreview({ x: 0, y: 0 }, { x: 6, y: 8 }, {}, 1)).toBeNull();
    // Never under a second, as the server times it.
    expect(marchPreview({ x: 0, y: 0 }, { x: 0, y: 1 }, { viking_raider: 1 }, 10_000)?.seconds).toBe(1);
  });

  it('offers only heroes of the sending village who are ready', () => {
    const hero = (id: string, villageId: string, isActive: boolean, isOnMission: boolean) => ({ id, villageId, isActive, isOnMission }) as Hero;
    const heroes = [hero('a', 'v1', true, false), hero('b', 'v2', true, false), hero('c', 'v1', false, false), hero('d', 'v1', false, true)];
    expect(heroesReady(heroes, 'v1').map((h) => h.id)).toEqual(['a']);
  });

  it('refuses what the server would refuse for sure: marching home, attacking oneself', () => {
    expect(missionRefusal('attack', { from: { id: 'v1', worldId: 'w' }, target: { villageId: 'v2', ownerId: 'me', worldId: 'w' }, viewerId: 'me' })).toBe('You cannot attack your own village');
    expect(missionRefusal('raid', { from: { id: 'v1', worldId: 'w' }, target: { villageId: 'v2', ownerId: 'me', worldId: 'w' }, viewerId: 'me' })).toBe('You cannot attack your own village');
    expect(missionRefusal('reinforce', { from: { id: 'v1', worldId: 'w' }, target: { villageId: 'v2', ownerId: 'me', worldId: 'w' }, viewerId: 'me' })).toBeNull();
    expect(missionRefusal('reinforce', { from: { id: 'v1', worldId: 'w' }, target: { villageId: 'v1', ownerId: 'me', worldId: 'w' }, viewerId: 'me' })).toBe('Troops cannot march to the village they stand in');
    expect(missionRefusal('attack', { from: { id: 'v1', worldId: 'w' }, target: { villageId: 'v2', ownerId: null, worldId: 'w' }, viewerId: 'me' })).toBeNull();
    expect(missionRefusal('attack', { from: { id: 'v1', worldId: 'w' }, target: { villageId: 'v2', ownerId: 'them', worldId: 'w' }, viewerId: 'me' })).toBeNull();
  });

  it('refuses attacks and raids on a protected player before sending, by the server clock, never reinforcements', () => {
    const shielded = { villageId: 'v2', ownerId: 'them', worldId: 'w', protectedUntil: '2026-03-15T09:00:00.000Z' };
    const before = Date.UTC(2026, 2, 15, 8, 59);
    const order = { from: { id: 'v1', worldId: 'w' }, target: shielded, viewerId: 'me', serverNow: before };
    expect(missionRefusal('attack', order)).toBe('Under beginner protection until 2026-03-15 09:00 UTC');
    expect(missionRefusal('raid', order)).toBe('Under beginner protection until 2026-03-15 09:00 UTC');
    expect(missionRefusal('reinforce', order)).toBeNull();
    expect(missionRefusal('attack', { ...order, serverNow: Date.UTC(2026, 2, 15, 9, 0) })).toBeNull();
    expect(missionRefusal('attack', { ...order, target: { ...shielded, protectedUntil: null } })).toBeNull();
  });

  it('checks village names as the server does', () => {
    expect(validateVillageName('  ')).toBe('Village name is required');
    expect(validateVillageName('Birka')).toBeNull();
    expect(validateVillageName('x'.repeat(31))).not.toBeNull();
    expect(validateVillageName('Bir\u200Bka')).not.toBeNull();
  });

  describe('relations', () => {
    const route = { from: { id: 'v1', worldId: 'w' }, to: { id: 'v2', worldId: 'w' } };
    const order = (relation: MissionOrder['relation'], allianceTag: string | null = 'THOR'): MissionOrder => ({
      from: route.from,
      target: { villageId: 'v2', ownerId: 'them', worldId: 'w', allianceTag },
      viewerId: 'me',
      relation,
    });

    it('refuses attacks, raids and scouts on an ally’s, a confederate’s or a pact partner’s village in the rule’s words, naming the tag', () => {
      for (const mission of ['attack', 'raid', 'scout'] as const) {
        for (const relation of ['ally', 'confederate', 'pact'] as const) {
          expect(missionRefusal(mission, order(relation))).toBe(sendRefusal(mission, route, relation, 'THOR'));
          expect(missionRefusal(mission, order(relation))).not.toBeNull();
        }
      }
      expect(missionRefusal('attack', order('confederate'))).toContain('[THOR]');
      expect(missionRefusal('raid', order('pact'))).toContain('[THOR]');
    });

    it('refuses reinforcing an enemy’s or a stranger’s village in the rule’s words, and lets friends be reinforced', () => {
      for (const relation of ['war', 'other'] as const) {
        expect(missionRefusal('reinforce', order(relation))).toBe(sendRefusal('reinforce', route, relation));
        expect(missionRefusal('reinforce', order(relation))).not.toBeNull();
        expect(missionRefusal('attack', order(relation))).toBeNull();
      }
      for (const relation of ['ally', 'confederate', 'pact'] as const) expect(missionRefusal('reinforce', order(relation))).toBeNull();
    });

    it('refuses nothing by relation while it is not known: the server decides', () => {
      for (const mission of ['attack', 'raid', 'scout', 'reinforce'] as const) {
        expect(missionRefusal(mission, order(null))).toBeNull();
        expect(missionRefusal(mission, order(undefined))).toBeNull();
      }
    });

    it('offers to reinforce instead where a friend’s village is refused an attack, a raid or a scout', () => {
      for (const mission of ['attack', 'raid', 'scout'] as const) {
        for (const relation of ['ally', 'confederate', 'pact'] as const) expect(offersReinforcement(mission, order(relation))).toBe(true);
        for (const relation of ['war', 'other', null] as const) expect(offersReinforcement(mission, order(relation))).toBe(false);
      }
      expect(offersReinforcement('reinforce', order('ally'))).toBe(false);
      // The player's own village too (told by its owner), but not the one the troops stand in: that is refused either way.
      const own: MissionOrder = { from: route.from, target: { villageId: 'v2', ownerId: 'me', worldId: 'w' }, viewerId: 'me' };
      expect(offersReinforcement('attack', own)).toBe(true);
      expect(offersReinforcement('attack', { ...own, target: { villageId: 'v1', ownerId: 'me', worldId: 'w' } })).toBe(false);
    });

    describe('targetRelation', () => {
      const viewer: MapViewer = {
        id: 'me',
        allianceId: 'mine',
        relations: new Map([
          ['friends', 'confederation'],
          ['neighbours', 'nap'],
          ['foes', 'war'],
        ]),
      };
      const standing = { viewer, known: true };
      const them = (allianceId: string | null | undefined) => ({ ownerId: 'them', allianceId });

      it('tells every relation once the player’s relations and the target’s alliance are read', () => {
        expect(targetRelation(standing, { ownerId: 'me', allianceId: 'mine' })).toBe('own');
        expect(targetRelation(standing, them('mine'))).toBe('ally');
        expect(targetRelation(standing, them('friends'))).toBe('confederate');
        expect(targetRelation(standing, them('neighbours'))).toBe('pact');
        expect(targetRelation(standing, them('foes'))).toBe('war');
        expect(targetRelation(standing, them('strangers'))).toBe('other');
        expect(targetRelation(standing, them(null))).toBe('other');
        expect(targetRelation(standing, { ownerId: null, allianceId: null })).toBe('other');
      });

      it('knows the player’s own village at once, and nothing else until it is read', () => {
        expect(targetRelation({ viewer, known: false }, { ownerId: 'me', allianceId: undefined })).toBe('own');
        expect(targetRelation({ viewer, known: false }, them('foes'))).toBeNull();
        expect(targetRelation(standing, them(undefined))).toBeNull();
        expect(targetRelation({ viewer: null, known: true }, them('foes'))).toBeNull();
      });

      it('needs no alliance of the target for a player outside any alliance', () => {
        expect(targetRelation({ viewer: { id: 'me', allianceId: null, relations: new Map() }, known: true }, them(undefined))).toBe('other');
      });
    });
  });
});

describe('a target on vacation and a night truce', () => {
  const from = { id: 'v1', worldId: 'w' };
  const target = { villageId: 'v2', ownerId: 'them', worldId: 'w' };
  const now = Date.UTC(2026, 2, 15, 2, 0);

  it('refuses attacks, raids and scouts at a village whose owner is on vacation until its end, never reinforcements', () => {
    const until = '2026-03-18T09:00:00.000Z';
    const order: MissionOrder = { from, target: { ...target, vacationUntil: until }, viewerId: 'me', serverNow: now };
    for (const mission of ['attack', 'raid', 'scout'] as const) expect(missionRefusal(mission, order)).toBe(targetOnVacationRefusal(Date.parse(until)));
    expect(missionRefusal('reinforce', order)).toBeNull();
    expect(missionRefusal('attack', { ...order, serverNow: Date.parse(until) })).toBeNull();
  });

  it('refuses one that would land in a refusing truce, by the arrival the preview gives', () => {
    const truce: NightTruce = { startHour: 0, endHour: 6, timeZone: 'UTC', mode: 'refuse', bonusPercent: 50 };
    const order: MissionOrder = { from, target, viewerId: 'me', serverNow: now, truce, arrivesAt: Date.UTC(2026, 2, 15, 5, 59) };
    expect(missionRefusal('attack', order)).toBe(truceRefusal(truce, Date.UTC(2026, 2, 15, 5, 59)));
    expect(missionRefusal('scout', order)).not.toBeNull();
    expect(missionRefusal('reinforce', order)).toBeNull();
    expect(missionRefusal('attack', { ...order, arrivesAt: Date.UTC(2026, 2, 15, 6, 0) })).toBeNull();
    expect(missionRefusal('attack', { ...order, arrivesAt: null })).toBeNull();
    expect(truceNote('attack', order)).toBeNull();
  });

  it('says a defence-bonus truce will raise the defence of an attack or raid landing in it', () => {
    const truce: NightTruce = { startHour: 0, endHour: 6, timeZone: 'UTC', mode: 'defence_bonus', bonusPercent: 30 };
    const order: MissionOrder = { from, target, viewerId: 'me', serverNow: now, truce, arrivesAt: Date.UTC(2026, 2, 15, 3, 0) };
    expect(missionRefusal('attack', order)).toBeNull();
    expect(truceNote('attack', order)).toBe('Night truce: this one would land between 00:00 to 06:00 (UTC), when the defence is raised by 30%');
    expect(truceNote('raid', order)).not.toBeNull();
    expect(truceNote('scout', order)).toBeNull();
    expect(truceNote('attack', { ...order, arrivesAt: Date.UTC(2026, 2, 15, 7, 0) })).toBeNull();
  });
});
