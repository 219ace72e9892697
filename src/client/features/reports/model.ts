// Pure helpers of the battle reports: the headline from the reader's side (in the player's language), the unit table of
// one side, the loot total, and the oasis's refusals told by key.
import type { BattleReport, BattleSide } from '../../api/army';
import { UNIT_TYPES, type UnitType } from '../../../rules/units';
import { ANNEX_REACH, OASIS_NAME, OASIS_SLOT_LEVELS, annexRefusal, oasisSlots, type AnnexAttempt } from '../../../rules/oases';
import { i18n } from '../../i18n';
import { buildingName, unitName } from '../../i18n/game';

export const REPORTS_PAGE_SIZE = 20;

/** 'Victory' or 'Defeat' as the reader lived it (the badge says it with outcomeText). */
export function outcomeFor(report: Pick<BattleReport, 'winner' | 'perspective'>): 'Victory' | 'Defeat' {
  return report.winner === report.perspective ? 'Victory' : 'Defeat';
}

/** 'Victory', 'Defeat' in the player's language. */
export function outcomeText(outcome: 'Victory' | 'Defeat'): string {
  return i18n.t(outcome === 'Victory' ? 'reports:outcome.victory' : 'reports:outcome.defeat');
}

/** A place of a report as 'Hedeby (3|4)': an oasis by the word for it in the player's language. */
export function placeText(report: Pick<BattleReport, 'oasis'>, village: { name: string; x: number; y: number }): string {
  const name = report.oasis && village.name === OASIS_NAME ? i18n.t('reports:oasis.name') : village.name;
  return `${name} (${village.x}|${village.y})`;
}

/**
 * 'Attack on Hedeby (3|4)' / 'Raid by Floki on Kattegat (0|-2)' / 'Scouting of Hedeby (3|4)' as the list shows a report:
 * with the tile, as barbarian camps and oases share their names.
 */
export function reportTitle(report: BattleReport): string {
  const target = placeText(report, report.defender.village);
  if (report.perspective === 'attacker') return i18n.t(`reports:title.${report.type}`, { target });
  const by = report.attacker.user?.username ?? i18n.t('reports:title.aVanishedPlayer');
  return i18n.t(`reports:title.${report.type}By`, { by, target });
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
    return { type, name: unitName(type), sent, lost, survived: sent - lost };
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
  const values = { building: buildingName(hit.type), before: hit.levelBefore, after: hit.levelAfter };
  if (hit.levelAfter === hit.levelBefore) return i18n.t('reports:hit.undamaged', values);
  return i18n.t(hit.levelAfter === 0 ? 'reports:hit.destroyed' : 'reports:hit.damaged', values);
}

interface Told {
  key: string;
  values?: Record<string, number>;
}

let annexTexts: Map<string, Told> | null = null;

/**
 * Why an oasis was not annexed, as the report keeps it (the rules' English, written when the battle was fought), by
 * key: every text annexRefusal gives, found by asking it. The server's own word for a village gone is one more.
 */
function knownAnnexRefusals(): Map<string, Told> {
  if (annexTexts) return annexTexts;
  const map = new Map<string, Told>();
  const add = (english: string | null, key: string, values?: Record<string, number>) => {
    if (english) map.set(english, { key, values });
  };
  const village = { x: 0, y: 0, longhouseLevel: 20, oasesHeld: 0, holdsThis: false, ownedByAttacker: true };
  const attempt: AnnexAttempt = { kind: 'attack', won: true, heroLed: true, animalsLeft: {}, village, oasis: { x: 0, y: 0 } };
  add(annexRefusal({ ...attempt, kind: 'raid' }), 'annex.raid');
  add(annexRefusal({ ...attempt, won: false }), 'annex.lost');
  add(annexRefusal({ ...attempt, heroLed: false }), 'annex.noHero');
  add(annexRefusal({ ...attempt, animalsLeft: { rat: 1 } }), 'annex.animalsLeft');
  add(annexRefusal({ ...attempt, village: { ...village, ownedByAttacker: false } }), 'annex.notYours');
  add(annexRefusal({ ...attempt, village: { ...village, holdsThis: true } }), 'annex.holdsThis');
  add(annexRefusal({ ...attempt, oasis: { x: 1000, y: 1000 } }), 'annex.tooFar', { reach: ANNEX_REACH });
  add(annexRefusal({ ...attempt, village: { ...village, longhouseLevel: 0 } }), 'annex.noLonghouse', { level: OASIS_SLOT_LEVELS[0] ?? 0 });
  // 'A Longhouse of level L holds n oases, all taken', for every level that holds any.
  for (let level = 1; level <= 20; level++) {
    const full = annexRefusal({ ...attempt, village: { ...village, longhouseLevel: level, oasesHeld: 99 } });
    const slots = oasisSlots(level);
    if (slots > 0) add(full, 'annex.slotsTaken', { level, count: slots });
  }
  add('The attacking village is gone', 'annex.villageGone');
  annexTexts = map;
  return map;
}

/** The English refusals this module knows (for the test that holds each translation's English equal to the rules'). */
export function knownAnnexTexts(): string[] {
  return [...knownAnnexRefusals().keys()];
}

/** Why an oasis was not annexed, in the player's language; a text not known here stays as the report keeps it. */
export function notAnnexedText(english: string): string {
  const told = knownAnnexRefusals().get(english);
  return told ? i18n.t(`reports:oasis.${told.key}`, told.values ?? {}) : english;
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
