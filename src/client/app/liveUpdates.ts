// Listens to the player's live event stream once per signed-in session and marks stale the queries each event touches.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { subscribeLiveEvents, type LiveEvent } from '../api/events';
import { queryKeys } from '../state/queryKeys';
import { tokenAtom, userIdAtom } from '../state/session';

/** What an event makes stale: the movements, the reports, the player's villages, the troops in and around them, the mail. */
export interface Refresh {
  movements: boolean;
  reports: boolean;
  villages: boolean;
  troops: boolean;
  messages: boolean;
  /** The player's alliance: its page, members, applications, diplomacy (and so the map's colours), feed and invitations. */
  alliance?: boolean;
  /** The world whose banners (announcements, events, maintenance) are read again. */
  noticesOf?: string;
}

export function refreshFor(event: LiveEvent): Refresh {
  switch (event.kind) {
    case 'movement_launched':
      return { movements: true, reports: false, villages: false, troops: false, messages: false };
    case 'movement_landed':
    case 'movement_returned':
    case 'shipment_arrived':
      // A landing fights, loots or stations troops; a return brings units, heroes and loot home; a shipment fills the
      // stores (the overviews and the top bar's stock are troops' too).
      return { movements: true, reports: false, villages: false, troops: true, messages: false };
    case 'report_arrived':
      return { movements: false, reports: true, villages: false, troops: true, messages: false };
    case 'village_changed':
      // Loyalty, a conquest (a village won or lost) or a new village.
      return { movements: true, reports: false, villages: true, troops: true, messages: false };
    case 'message_received':
      // The unread count of the side navigation and the inbox.
      return { movements: false, reports: false, villages: false, troops: false, messages: true };
    case 'units_starved':
      // Units died of hunger: the overviews (units, upkeep, the mead rate, the top bar) are read again.
      return { movements: false, reports: false, villages: false, troops: true, messages: false };
    case 'notices_changed':
      // A game master announced, switched an event or maintenance: the banners show at once, not at the next poll.
      return { movements: false, reports: false, villages: false, troops: false, messages: false, ...(event.worldId ? { noticesOf: event.worldId } : {}) };
    case 'alliance_changed':
      // A rank, a member, an application, a relation or an announcement changed: the alliance's queries are read again.
      return { movements: false, reports: false, villages: false, troops: false, messages: false, alliance: true };
  }
}

/**
 * The queries a refresh marks stale: those on screen are read again at once, the others when next shown. Troops
 * are every village's overview (units, stock, the top bar), the stationed troops and the heroes (back from a march).
 */
export function staleQueries(refresh: Refresh, userId: string): QueryKey[] {
  const keys: QueryKey[] = [];
  if (refresh.movements) keys.push(queryKeys.movements(userId));
  // Every page of reports, the unread count of the side navigation among them.
  if (refresh.reports) keys.push(queryKeys.battles(userId));
  if (refresh.villages) keys.push(queryKeys.villages(userId));
  if (refresh.troops) keys.push(queryKeys.overviews(userId), queryKeys.stationed(userId), queryKeys.heroList(userId));
  // The unread count and every page of both folders (a message sent from another tab shows in Sent too).
  if (refresh.messages) keys.push(queryKeys.messages(userId));
  if (refresh.noticesOf) keys.push(queryKeys.notices(userId, refresh.noticesOf));
  if (refresh.alliance) keys.push(queryKeys.alliance(userId));
  // Merchants leave and come home as movements: every market (merchants at home, open offers, previews) is read again.
  if (refresh.movements) keys.push(queryKeys.markets(userId));
  return keys;
}

function markStale(client: QueryClient, keys: readonly QueryKey[]): void {
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

/**
 * Mounted by the game frame: one stream per signed-in player and token (a new sign-in opens a new one, logging out
 * closes it). Every reopening marks all of the player's queries stale, since events sent while the stream was down
 * were not heard; the first opening follows the reads the pages make as they open.
 */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  const userId = useAtomValue(userIdAtom);
  const token = useAtomValue(tokenAtom);

  useEffect(() => {
    if (!userId || !token) return undefined;
    let opened = false;
    return subscribeLiveEvents({
      onOpen() {
        if (opened) markStale(client, [queryKeys.player(userId)]);
        opened = true;
      },
      onEvent: (event) => markStale(client, staleQueries(refreshFor(event), userId)),
    });
  }, [client, userId, token]);
}
