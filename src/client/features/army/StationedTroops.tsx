// Reinforcements: the player's troops standing in other villages (with Recall) and allies' troops standing in theirs.
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { recallStationedTroops, type StationedTroopsList } from '../../api/army';
import { putMovement } from '../../state/army';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { PlayerLink } from '../../ui/PlayerLink';
import { useAction } from '../../ui/useAction';
import { UnitsLine } from './UnitsLine';

export function StationedTroops({ stationed }: { stationed: StationedTroopsList | null }) {
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const recall = useAction({
    mutationFn: (stationedId: string) => recallStationedTroops(stationedId),
    // The reply is the march home: it joins the movements, and the troops no longer stand abroad.
    onSuccess: (movement) => {
      putMovement(client, viewer, movement);
      void client.invalidateQueries({ queryKey: queryKeys.stationed(viewer) });
    },
    success: (movement) => `Your troops are marching home to ${movement.toVillage.name}.`,
    failure: 'Could not recall the troops.',
  });
  const busy = recall.pending ? (recall.variables ?? null) : null;

  return (
    <section className="card army-stationed" aria-labelledby="army-stationed-title">
      <h2 id="army-stationed-title">Reinforcements</h2>
      {stationed === null ? (
        <p className="muted">Loading...</p>
      ) : (
        <>
          <h3>Your troops in other villages</h3>
          {stationed.abroad.length === 0 ? (
            <p className="muted">None of your troops stand guard elsewhere.</p>
          ) : (
            <ul className="stationed-list">
              {stationed.abroad.map((s) => (
                <li key={s.id}>
                  <span>
                    In <strong>{s.village.name}</strong> ({s.village.x}|{s.village.y}) from {s.homeVillage.name}: <UnitsLine units={s.units} />
                  </span>
                  <button type="button" className="button button--secondary button--small" disabled={busy !== null} onClick={() => recall.run(s.id)}>
                    {busy === s.id ? 'Recalling...' : 'Recall'}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ActionOutcome message={recall.outcome} />
          <h3>Allied troops in your villages</h3>
          {stationed.guests.length === 0 ? (
            <p className="muted">No allied troops stand in your villages.</p>
          ) : (
            <ul className="stationed-list">
              {stationed.guests.map((s) => (
                <li key={s.id}>
                  <span>
                    <PlayerLink player={s.owner} />’s troops in <strong>{s.village.name}</strong>: <UnitsLine units={s.units} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
