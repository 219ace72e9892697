// Writes the game events that advance quests into the quest_events outbox, inside whatever transaction made them happen.
import type { Db } from '../db/open';
import { questEvents } from '../db/schema';
import type { VillageHappening } from '../../rules/village-timeline';
import type { PlayerId } from '../../rules/ids';

export interface QuestEvent {
  /** e.g. 'building_upgraded:barracks', 'units_trained', 'view_map' (see objectiveLabel in src/rules/quests.ts). */
  name: string;
  amount?: number;
}

/** Queues events for a player's quests; the quest bookkeeping (progress/quests.ts) consumes them under the player's lock. */
export async function recordQuestEvents(tx: Db, userId: PlayerId, events: readonly QuestEvent[], now: Date): Promise<void> {
  const write = questEventsWrite(tx, userId, events, now);
  if (write) await write;
}

/** recordQuestEvents's insert, not yet sent (none for no events), for a caller that sends it with other writes (db/one-statement.ts). */
export function questEventsWrite(tx: Db, userId: PlayerId, events: readonly QuestEvent[], now: Date) {
  if (events.length === 0) return null;
  return tx.insert(questEvents).values(events.map((e) => ({ userId, name: e.name, amount: e.amount ?? 1, createdAt: now })));
}

/** What a settled village did, as quest events: each finished level and each trained unit, by type and in all (no quest counts starvation). */
export function happeningsAsQuestEvents(happened: readonly VillageHappening[]): QuestEvent[] {
  const events: QuestEvent[] = [];
  for (const h of happened) {
    if (h.kind === 'building_upgraded') {
      events.push({ name: 'building_upgraded' }, { name: `building_upgraded:${h.type}` }, { name: `building_level:${h.type}`, amount: h.level });
    } else if (h.kind === 'unit_trained') {
      events.push({ name: 'units_trained' }, { name: `units_trained:${h.type}` });
    }
  }
  return events;
}
