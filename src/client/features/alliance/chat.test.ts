// The chat log: pages newest first become a log oldest first, without duplicates or silent gaps.
import { describe, expect, it } from 'vitest';
import type { AllianceMessage } from '../../api/alliances';
import { chatLogOf, withMessages, withNewestPage, withOlderPage } from './chat';

const message = (n: number): AllianceMessage => ({
  id: `m${n}`,
  body: `message ${n}`,
  createdAt: new Date(Date.UTC(2026, 2, 1, 10, 0, n)).toISOString(),
  author: { id: 'u1', username: 'Floki' },
});
const ids = (log: { messages: AllianceMessage[] }) => log.messages.map((m) => m.id);

describe('the chat log', () => {
  it('turns the first page round, oldest first', () => {
    const log = withNewestPage(null, { messages: [message(3), message(2), message(1)], hasMore: true });
    expect(ids(log)).toEqual(['m1', 'm2', 'm3']);
    expect(log.hasMore).toBe(true);
  });

  it('adds only new messages from a later newest page and keeps what is known about older ones', () => {
    const log = withNewestPage(null, { messages: [message(2), message(1)], hasMore: true });
    const next = withNewestPage(log, { messages: [message(4), message(3), message(2)], hasMore: true });
    expect(ids(next)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(next.hasMore).toBe(true);
    expect(withNewestPage(next, { messages: [message(4), message(3)], hasMore: true })).toBe(next);
  });

  it('starts again from the newest page when it has nothing in common with the log and more lie between', () => {
    const log = withNewestPage(null, { messages: [message(2), message(1)], hasMore: false });
    const next = withNewestPage(log, { messages: [message(60), message(59)], hasMore: true });
    expect(ids(next)).toEqual(['m59', 'm60']);
    expect(next.hasMore).toBe(true);
  });

  it('puts older pages before the log and takes their word on whether more exist', () => {
    const log = withNewestPage(null, { messages: [message(3), message(2)], hasMore: true });
    const older = withOlderPage(log, { messages: [message(1)], hasMore: false });
    expect(ids(older)).toEqual(['m1', 'm2', 'm3']);
    expect(older.hasMore).toBe(false);
  });

  it('adds a posted message once, even when a poll brought it first', () => {
    const log = withNewestPage(null, { messages: [message(1)], hasMore: false });
    const polled = withMessages(log, [message(2)]);
    expect(ids(withMessages(polled, [message(2)]))).toEqual(['m1', 'm2']);
  });

  it('reads the pages of the chat query, newest first, as one log oldest first', () => {
    expect(chatLogOf([])).toEqual({ messages: [], hasMore: false });
    const log = chatLogOf([
      { messages: [message(5), message(4), message(3)], hasMore: true },
      { messages: [message(3), message(2)], hasMore: true },
      { messages: [message(1)], hasMore: false },
    ]);
    expect(ids(log)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(log.hasMore).toBe(false);
  });
});
