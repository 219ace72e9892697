// How the alliance page's actions write their replies into the cache: joining (founding, accepting) and leaving.
import type { QueryClient } from '@tanstack/react-query';
import type { AllianceWithMembership, MyAlliance } from '../../api/alliances';
import { invitationsQuery, myAllianceQuery } from '../../state/queries';
import { queryKeys, type Viewer } from '../../state/queryKeys';

/** The player's embassy does not change by joining or leaving: the cached level stays (0 before the first read). */
const embassyOf = (old: MyAlliance | undefined) => old?.embassyLevel ?? 0;

/** Membership changes what the wonders of an alliance give, and whose chat the player reads. */
function membershipChanged(client: QueryClient, viewer: Viewer): void {
  client.removeQueries({ queryKey: queryKeys.allianceChat(viewer) });
  void client.invalidateQueries({ queryKey: queryKeys.allWonders(viewer) });
}

/** The reply of founding or accepting is the alliance with the player's membership: the page shows it at once. */
export function joined(client: QueryClient, viewer: Viewer, reply: AllianceWithMembership): void {
  client.setQueryData(myAllianceQuery(viewer).queryKey, (old) => ({ alliance: reply.alliance, membership: reply.membership, embassyLevel: embassyOf(old) }));
  client.setQueryData(invitationsQuery(viewer).queryKey, []);
  membershipChanged(client, viewer);
}

/** After leaving the player has no alliance; the invitations waiting are read again. */
export function left(client: QueryClient, viewer: Viewer): void {
  client.setQueryData(myAllianceQuery(viewer).queryKey, (old) => ({ alliance: null, membership: null, embassyLevel: embassyOf(old) }));
  void client.resetQueries({ queryKey: queryKeys.invitations(viewer) });
  membershipChanged(client, viewer);
}
