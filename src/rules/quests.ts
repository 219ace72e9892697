// Quest progress arithmetic: objective counters, completion percent and daily/weekly expiry instants.

export const QUEST_TYPES = ['tutorial', 'daily', 'weekly', 'special', 'story'] as const;
export type QuestType = (typeof QUEST_TYPES)[number];

export const QUEST_STATUSES = ['available', 'in_progress', 'completed', 'expired'] as const;
export type QuestStatus = (typeof QUEST_STATUSES)[number];

/** Objective name (e.g. 'building_upgraded:barracks', 'battle_won', 'view_map') to a target or a counter. */
export type QuestCounters = Record<string, number>;

function objectiveMet(objectives: QuestCounters, progress: QuestCounters, name: string): boolean {
  return (progress[name] ?? 0) >= objectives[name];
}

/** Share of objectives met, rounded down; a quest without objectives counts as done (SPEC section 9). */
export function questProgressPercent(objectives: QuestCounters, progress: QuestCounters): number {
  const names = Object.keys(objectives);
  if (names.length === 0) return 100;
  const met = names.filter((name) => objectiveMet(objectives, progress, name)).length;
  return Math.floor((met * 100) / names.length);
}

export function isQuestComplete(objectives: QuestCounters, progress: QuestCounters): boolean {
  return Object.keys(objectives).every((name) => objectiveMet(objectives, progress, name));
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
  if (!(event in objectives) || amount <= 0) return progress;
  const next = Math.min(objectives[event], (progress[event] ?? 0) + amount);
  return { ...progress, [event]: next };
}

const DAY_MS = 86_400_000;

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
