// Pure helpers of the battle reports: the headline from the reader's side, the unit table of one side, and the loot total.
import type { BattleReport, BattleSide } from '../../api/army';
import { UNITS, UNIT_TYPES, type UnitType } from '../../../rules/units';

export const REPORTS_PAGE_SIZE = 20;

/** 'Victory' or 'Defeat' as the reader lived it. */
export function outcomeFor(report: Pick<BattleReport, 'winner' | 'perspective'>): 'Victory' | 'Defeat' {
  return report.winner === report.perspective ? 'Victory' : 'Defeat';
}

/** 'Attack on Hedeby' / 'Raid by Floki on Kattegat' as the list shows a report. */
export function reportTitle(report: BattleReport): string {
  const kind = report.type === 'raid' ? 'Raid' : 'Attack';
  if (report.perspective === 'attacker') return `${kind} on ${report.defender.village.name}`;
  const by = report.attacker.user?.username ?? 'a vanished player';
  return `${kind} by ${by} on ${report.defender.village.name}`;
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
