// Reinforcements: the player's troops standing in other villages (with Recall) and allies' troops standing in theirs.
import { useState } from 'react';
import { apiError } from '../../api/client';
import { recallStationedTroops, type Movement, type StationedTroopsList } from '../../api/army';
import { ActionOutcome, type OutcomeMessage } from '../../ui/ActionOutcome';
import { describeUnits } from './model';

export function StationedTroops({ stationed, onRecalled }: { stationed: StationedTroopsList | null; onRecalled: (movement: Movement) => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null);

  async function recall(id: string) {
    setBusy(id);
    setOutcome(null);
    try {
      const movement = await recallStationedTroops(id);
      setOutcome({ kind: 'success', text: `Your troops are marching home to ${movement.toVillage.name}.` });
      onRecalled(movement);
    } catch (error) {
      setOutcome({ kind: 'error', text: apiError(error, 'Could not recall the troops.') });
    } finally {
      setBusy(null);
    }
  }

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
                    In <strong>{s.village.name}</strong> ({s.village.x}|{s.village.y}) from {s.homeVillage.name}: {describeUnits(s.units)}
                  </span>
                  <button type="button" className="button button--secondary button--small" disabled={busy !== null} onClick={() => void recall(s.id)}>
                    {busy === s.id ? 'Recalling...' : 'Recall'}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ActionOutcome message={outcome} />
          <h3>Allied troops in your villages</h3>
          {stationed.guests.length === 0 ? (
            <p className="muted">No allied troops stand in your villages.</p>
          ) : (
            <ul className="stationed-list">
              {stationed.guests.map((s) => (
                <li key={s.id}>
                  <span>
                    {s.owner.username}’s troops in <strong>{s.village.name}</strong>: {describeUnits(s.units)}
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
