// The alliance chat's list arithmetic: pages arrive newest first, the chat shows oldest first without duplicates.
import type { AllianceMessage, AllianceMessagePage } from '../../api/alliances';

export interface ChatLog {
  /** Oldest first, as the chat reads from top to bottom. */
  messages: AllianceMessage[];
  /** Whether older messages than the first one shown exist. */
  hasMore: boolean;
}

function byTime(a: AllianceMessage, b: AllianceMessage): number {
  return Date.parse(a.createdAt) - Date.parse(b.createdAt);
}

/** Adds messages to the log, skipping those it already holds, in time order. */
export function withMessages(log: ChatLog, incoming: readonly AllianceMessage[]): ChatLog {
  const known = new Set(log.messages.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  if (fresh.length === 0) return log;
  // Sorting is stable, so messages of the same instant keep the order the server gave them.
  return { ...log, messages: [...log.messages, ...[...fresh].reverse()].sort(byTime) };
}

/**
 * The newest page merged into the log. When it has nothing in common with the log while older messages
 * exist, messages were missed in between: the chat starts again from this page rather than show a gap.
 */
export function withNewestPage(log: ChatLog | null, page: AllianceMessagePage): ChatLog {
  const start: ChatLog = { messages: [...page.messages].reverse().sort(byTime), hasMore: page.hasMore };
  if (!log || log.messages.length === 0) return start;
  const known = new Set(log.messages.map((m) => m.id));
  const overlaps = page.messages.some((m) => known.has(m.id));
  if (!overlaps && page.hasMore) return start;
  return withMessages(log, page.messages);
}

/** An older page put before the log. */
export function withOlderPage(log: ChatLog, page: AllianceMessagePage): ChatLog {
  return { ...withMessages(log, page.messages), hasMore: page.hasMore };
}

/** The log of the chat's pages as read: the newest page first, then each older one. */
export function chatLogOf(pages: readonly AllianceMessagePage[]): ChatLog {
  const [newest, ...older] = pages;
  if (!newest) return { messages: [], hasMore: false };
  return older.reduce(withOlderPage, withNewestPage(null, newest));
}
