// Scouting: which units scout, the clash of scouts with the defender's scouts only, what the survivors saw and whether the defender noticed.
import { BATTLE_KINDS, LOSS_EXPONENT, addUnits, cleanUnits, lose, subtractUnits, type BattleSide } from './combat';
import { defenseBonusPercent } from './economy';
import type { BuildingType } from './buildings';
import type { Resources } from './resources';
import { unitEntries, type UnitCounts, type UnitType } from './units';

/** The units that scout (the Viking Raider: fast and light). Only they may go on a scouting mission, and only they meet scouts. */
export const SCOUT_UNITS: readonly UnitType[] = ['viking_raider'];

/** Surviving scouts needed to see the defences too (the wall and every building's level), not only resources and troops. */
export const SCOUTS_FOR_DEFENCES = 10;

/** Every kind of report: the battles, and scouting missions. */
export const REPORT_TYPES = [...BATTLE_KINDS, 'scout'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const SCOUTS_ONLY = 'Only Viking Raiders go scouting: send no other units on a scouting mission';

/** Why an army may not go scouting (bad input), or null: every unit of it must be a scout. */
export function scoutingRefusal(units: UnitCounts): string | null {
  return unitEntries(units).some(([type]) => !SCOUT_UNITS.includes(type)) ? SCOUTS_ONLY : null;
}

/** The scouts among `units`, by type. */
export function scoutsAmong(units: UnitCounts): UnitCounts {
  const scouts: UnitCounts = {};
  for (const [type, count] of unitEntries(units)) if (SCOUT_UNITS.includes(type)) scouts[type] = count;
  return scouts;
}

const headCount = (units: UnitCounts) => unitEntries(units).reduce((sum, [, n]) => sum + n, 0);

/** A village's level of each building, as scouts see it. */
export interface SeenBuilding {
  type: BuildingType;
  level: number;
}

/** The scouted village at the instant the scouts arrive. */
export interface ScoutedVillage {
  /** The village's own units at home. */
  units: UnitCounts;
  /** Armies of other players stationed there, in a fixed order. */
  stationed: readonly { id: string; units: UnitCounts }[];
  wallLevel: number;
  /** What the village holds, in whole units. */
  stock: Resources;
  /** Its buildings, in slot order. */
  buildings: readonly SeenBuilding[];
}

/** What surviving scouts bring home. */
export interface ScoutIntel {
  resources: Resources;
  /** The village's own units at home, after the scouts' clash. */
  troops: UnitCounts;
  /** All armies stationed there, summed, after the clash. */
  stationed: UnitCounts;
  /** Seen only with SCOUTS_FOR_DEFENCES survivors: the wall's level and every building standing (level above 0). */
  defences: { wallLevel: number; buildings: SeenBuilding[] } | null;
}

/** Everything a scouting mission changes and reports. */
export interface ScoutingPlan {
  /** 'attacker' when at least one scout got through. */
  winner: BattleSide;
  scoutLosses: UnitCounts;
  scoutsHome: UnitCounts;
  /** The village's own units at home after the clash (only its scouts can fall). */
  homeSurvivors: UnitCounts;
  /** Each stationed group after the clash, in the scene's order; `gone` when nobody of it is left. */
  stationed: { id: string; survivors: UnitCounts; gone: boolean }[];
  /** The defending scouts (own and stationed) and their losses. */
  defenderScouts: UnitCounts;
  defenderLosses: UnitCounts;
  /** The defender learns of the mission (and gets the report) only when scouts of theirs or their guests met it. */
  detected: boolean;
  intel: ScoutIntel | null;
}

/**
 * Scouts against scouts. Each scout counts 1; the defending scouts (the village's own and every stationed army's) count
 * 1 each, raised by the wall's bonus (3% a level). The scouts get through only when they are strictly stronger; as in an
 * attack the loser falls to the last one and the winner loses (weaker / stronger)^1.5 of its scouts, the defenders
 * in the same share in every group. Other defenders neither fight nor fall. Survivors see the village after the clash.
 */
export function planScouting(scouts: UnitCounts, village: ScoutedVillage): ScoutingPlan {
  const sent = cleanUnits(scouts);
  const homeScouts = scoutsAmong(village.units);
  const groups = village.stationed.map((g) => ({ id: g.id, units: cleanUnits(g.units), scouts: scoutsAmong(g.units) }));
  const defenderScouts = groups.reduce((sum, g) => addUnits(sum, g.scouts), homeScouts);
  const attack = headCount(sent);
  const defence = headCount(defenderScouts) * (1 + defenseBonusPercent(village.wallLevel) / 100);
  const through = attack > defence;
  const stronger = Math.max(attack, defence);
  const winnerShare = stronger === 0 ? 0 : (Math.min(attack, defence) / stronger) ** LOSS_EXPONENT;
  const scoutSide = lose(sent, through ? winnerShare : 1);
  const defenderShare = through ? 1 : winnerShare;

  const homeSide = lose(homeScouts, defenderShare);
  let defenderLosses = homeSide.losses;
  const homeSurvivors = subtractUnits(cleanUnits(village.units), homeSide.losses);
  const stationed = groups.map((g) => {
    const side = lose(g.scouts, defenderShare);
    defenderLosses = addUnits(defenderLosses, side.losses);
    const survivors = subtractUnits(g.units, side.losses);
    return { id: g.id, survivors, gone: headCount(survivors) === 0 };
  });

  const survivors = headCount(scoutSide.survivors);
  const intel: ScoutIntel | null =
    survivors > 0
      ? {
          resources: { ...village.stock },
          troops: homeSurvivors,
          stationed: stationed.reduce((sum, g) => addUnits(sum, g.survivors), {}),
          defences:
            survivors >= SCOUTS_FOR_DEFENCES
              ? { wallLevel: village.wallLevel, buildings: village.buildings.filter((b) => b.level > 0).map((b) => ({ type: b.type, level: b.level })) }
              : null,
        }
      : null;
  return {
    winner: through ? 'attacker' : 'defender',
    scoutLosses: scoutSide.losses,
    scoutsHome: scoutSide.survivors,
    homeSurvivors,
    stationed,
    defenderScouts,
    defenderLosses,
    detected: headCount(defenderScouts) > 0,
    intel,
  };
}
