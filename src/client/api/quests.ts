// Typed calls of the quests page: the quests by type, starting one, and the progress summary.
import type { Schema } from '../../contract';
import { api, unwrap } from './client';

export type Quest = Schema<'Quest'>;
export type QuestsByType = Schema<'QuestsByType'>;
export type QuestProgressSummary = Schema<'QuestProgressSummary'>;

export async function listQuests(): Promise<QuestsByType> {
  const { quests } = await unwrap(api.GET('/api/quests'));
  return quests;
}

/** Starts an available quest; 409 when it is not available (any more). */
export async function startQuest(questId: string): Promise<Quest> {
  const { quest } = await unwrap(api.POST('/api/quests/{questId}/start', { params: { path: { questId } } }));
  return quest;
}

export function getQuestSummary(): Promise<QuestProgressSummary> {
  return unwrap(api.GET('/api/quests/progress/summary'));
}
