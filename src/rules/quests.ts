// Quest progress arithmetic: objective counters, what a player already has, labels, completion percent and daily/weekly periods.
import { BUILDINGS, isBuildingType, type BuildingType } from './buildings';
import { UNITS, isUnitType, type UnitCounts } from './units';

export const QUEST_TYPES = ['tutorial', 'daily', 'weekly', 'special', 'story'] as const;
export type QuestType = (typeof QUEST_TYPES)[number];

export const QUEST_STATUSES = ['available', 'in_progress', 'completed', 'expired'] as const;
export type QuestStatus = (typeof QUEST_STATUSES)[number];

/** Page actions the client reports to the tutorial (POST /api/tutorial/progress). */
export const TUTORIAL_ACTIONS = [
  'view_village',
  'view_map',
  'view_alliance',
  'login',
  'view_heroes',
  'view_wonders',
  'view_quests',
  'view_army',
  'view_reports',
] as const;
export type TutorialAction = (typeof TUTORIAL_ACTIONS)[number];

/** Objective name (e.g. 'building_upgraded:barracks', 'battle_won', 'view_map') to a target or a counter. */
export type QuestCounters = Record<string, number>;

/** Whether the counter `name` has reached its objective's target. */
function objectiveMet(progress: QuestCounters, [name, target]: [string, number]): boolean {
  return (progress[name] ?? 0) >= target;
}

/** Share of objectives met, rounded down; a quest without objectives counts as done. */
export function questProgressPercent(objectives: QuestCounters, progress: QuestCounters): number {
  const targets = Object.entries(objectives);
  if (targets.length === 0) return 100;
  const met = targets.filter((objective) => objectiveMet(progress, objective)).length;
  return Math.floor((met * 100) / targets.length);
}

export function isQuestComplete(objectives: QuestCounters, progress: QuestCounters): boolean {
  return Object.entries(objectives).every((objective) => objectiveMet(progress, objective));
}

/** `building_level:<type>` objectives hold the highest level reached (the event's amount is the level); all others count. */
export function isLevelObjective(name: string): boolean {
  return name.startsWith('building_level:');
}

/**
 * Advances the counter a game event names, never past its target, and leaves other counters alone.
 * Events the quest does not ask for change nothing, so the server may offer every event to every quest.
 */
export function advanceObjective(
  objectives: QuestCounters,
  progress: QuestCounters,
  event: string,
  amount = 1,
): QuestCounters {
  const target = objectives[event];
  if (target === undefined || amount <= 0) return progress;
  const reached = isLevelObjective(event) ? Math.max(progress[event] ?? 0, amount) : (progress[event] ?? 0) + amount;
  const next = Math.min(target, reached);
  if (next === (progress[event] ?? 0)) return progress;
  return { ...progress, [event]: next };
}

/** What a player already has, for quests that count it from their start (tutorial, story). */
export interface PlayerSnapshot {
  /** Highest level of each building type across the player's villages. */
  buildingLevels: Partial<Record<BuildingType, number>>;
  /** Units the player owns, by type. */
  units: UnitCounts;
  heroes: number;
  inAlliance: boolean;
  villages: number;
}

/** How far `snapshot` already goes towards each objective; page visits and fights count only from the start. */
export function seedProgress(objectives: QuestCounters, snapshot: PlayerSnapshot): QuestCounters {
  const progress: QuestCounters = {};
  for (const [name, target] of Object.entries(objectives)) {
    const [kind, subject] = name.split(':');
    let have = 0;
    if ((kind === 'building_level' || kind === 'building_upgraded') && subject && isBuildingType(subject)) {
      // A building standing at level 1 or more was upgraded at least once.
      have = kind === 'building_level' ? (snapshot.buildingLevels[subject] ?? 0) : Math.min(1, snapshot.buildingLevels[subject] ?? 0);
    } else if (kind === 'units_trained' && subject && isUnitType(subject)) {
      have = snapshot.units[subject] ?? 0;
    } else if (name === 'hero_recruited') {
      have = snapshot.heroes;
    } else if (name === 'alliance_joined') {
      have = snapshot.inAlliance ? 1 : 0;
    } else if (name === 'village_founded') {
      have = Math.max(0, snapshot.villages - 1);
    }
    if (have > 0) progress[name] = Math.min(target, have);
  }
  return progress;
}

const PAGE_NAMES: Readonly<Record<string, string>> = {
  view_village: 'Look over your village',
  view_map: 'Look at the world map',
  view_alliance: 'Visit the alliance page',
  view_heroes: 'Visit the heroes page',
  view_wonders: 'Visit the wonders page',
  view_quests: 'Visit the quests page',
  view_army: 'Visit the army page',
  view_reports: 'Read your battle reports',
  login: 'Come back to your people',
};

/** An objective as a person reads it: 'building_upgraded:barracks' is 'Upgrade Barracks'. */
export function objectiveLabel(name: string): string {
  if (PAGE_NAMES[name]) return PAGE_NAMES[name];
  const [kind, subject] = name.split(':');
  const building = subject && isBuildingType(subject) ? BUILDINGS[subject].name : null;
  const unit = subject && isUnitType(subject) ? UNITS[subject].name : null;
  switch (kind) {
    case 'building_upgraded':
      return building ? `Upgrade ${building}` : 'Finish constructions';
    case 'building_level':
      return building ? `${building} level` : 'Building level';
    case 'units_trained':
      return unit ? `Train ${unit}` : 'Train units';
    case 'battle_won':
      return 'Win battles';
    case 'resources_contributed':
      return 'Resources contributed to wonders';
    case 'alliance_joined':
      return 'Join or found an alliance';
    case 'hero_recruited':
      return 'Recruit a hero';
    case 'village_founded':
      return 'Found a village';
    default:
      return name;
  }
}

const DAY_MS = 86_400_000;

/** The day a daily quest belongs to, as 'YYYY-MM-DD' (UTC). */
export function dailyPeriod(nowMs: number): string {
  return new Date(Math.floor(nowMs / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** The week a weekly quest belongs to, named by its Monday as 'week of YYYY-MM-DD' (UTC). */
export function weeklyPeriod(nowMs: number): string {
  return `week of ${new Date(nextWeeklyExpiry(nowMs) - 7 * DAY_MS).toISOString().slice(0, 10)}`;
}

/** Daily quests expire at the next 00:00 UTC strictly after `nowMs`. */
export function nextDailyExpiry(nowMs: number): number {
  return Math.floor(nowMs / DAY_MS) * DAY_MS + DAY_MS;
}

/** Weekly quests expire at the next Monday 00:00 UTC strictly after `nowMs`. */
export function nextWeeklyExpiry(nowMs: number): number {
  const midnight = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const weekday = new Date(midnight).getUTCDay(); // 0 Sunday .. 6 Saturday
  const daysToMonday = ((8 - weekday) % 7) || 7;
  return midnight + daysToMonday * DAY_MS;
}
