// Pure helpers of the battle reports: the headline from the reader's side, the unit table of one side, and the loot total.
import type { BattleReport, BattleSide } from '../../api/army';
import { UNITS, UNIT_TYPES, type UnitType } from '../../../rules/units';
import { BUILDINGS } from '../../../rules/buildings';

export const REPORTS_PAGE_SIZE = 20;

/** 'Victory' or 'Defeat' as the reader lived it. */
export function outcomeFor(report: Pick<BattleReport, 'winner' | 'perspective'>): 'Victory' | 'Defeat' {
  return report.winner === report.perspective ? 'Victory' : 'Defeat';
}

/**
 * 'Attack on Hedeby (3|4)' / 'Raid by Floki on Kattegat (0|-2)' / 'Scouting of Hedeby (3|4)' as the list shows a report:
 * with the tile, as barbarian camps and oases share their names.
 */
export function reportTitle(report: BattleReport): string {
  const kind = report.type === 'raid' ? 'Raid' : report.type === 'scout' ? 'Scouting' : 'Attack';
  const { name, x, y } = report.defender.village;
  const target = `${name} (${x}|${y})`;
  if (report.type === 'scout' && report.perspective === 'attacker') return `Scouting of ${target}`;
  if (report.perspective === 'attacker') return `${kind} on ${target}`;
  const by = report.attacker.user?.username ?? 'a vanished player';
  return `${kind} by ${by} on ${target}`;
}

export interface UnitLine {
  type: UnitType;
  name: string;
  sent: number;
  lost: number;
  survived: number;
}

/** One line per unit type that took part, in table order: sent, lost and survived. */
export function unitLines(side: Pick<BattleSide, 'units' | 'losses'>): UnitLine[] {
  return UNIT_TYPES.filter((type) => (side.units[type] ?? 0) > 0 || (side.losses[type] ?? 0) > 0).map((type) => {
    const sent = side.units[type] ?? 0;
    const lost = Math.min(sent, side.losses[type] ?? 0);
    return { type, name: UNITS[type].name, sent, lost, survived: sent - lost };
  });
}

export function lootTotal(loot: BattleReport['loot']): number {
  return loot.timber + loot.stone + loot.iron + loot.mead;
}

/** Pages needed for `total` reports (at least one, so an empty list still shows page 1). */
export function pageCount(total: number, limit = REPORTS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** What the catapults did, in words: 'Granary: level 5 → 2', 'Granary: level 2 → destroyed', or null when they hit nothing. */
export function buildingHitText(hit: BattleReport['buildingHit']): string | null {
  if (!hit) return null;
  const name = BUILDINGS[hit.type].name;
  if (hit.levelAfter === hit.levelBefore) return `${name}: level ${hit.levelBefore}, undamaged`;
  return `${name}: level ${hit.levelBefore} → ${hit.levelAfter === 0 ? 'destroyed' : hit.levelAfter}`;
}

/**
 * The army page's address that puts the attacked village on a farm list, with the units this raid or attack sent as the
 * row's template (`/game/army?farm=3|4&units=viking_raider:20`), or null: only one's own side of a battle at a village.
 */
export function farmListPath(report: BattleReport): string | null {
  if (report.perspective !== 'attacker' || report.oasis) return null;
  const { x, y } = report.defender.village;
  const units = report.type === 'scout' ? '' : UNIT_TYPES.filter((type) => (report.attacker.units[type] ?? 0) > 0).map((type) => `${type}:${report.attacker.units[type]}`).join(',');
  return `/game/army?${new URLSearchParams({ farm: `${x}|${y}`, ...(units ? { units } : {}) }).toString()}`;
}
