// World Management: every world with its live figures and the Set Maintenance / Set Online toggle, and the form that creates one.
import { useState, type FormEvent } from 'react';
import { apiError } from '../../api/client';
import { createWorld, setWorldStatus, type GmWorld } from '../../api/gamemaster';
import { formatNumber } from '../../../rules/format';
import { ActionOutcome, type OutcomeMessage } from '../../ui/ActionOutcome';
import { lagText } from './model';

interface Props {
  worlds: GmWorld[];
  /** Read the worlds again after a change. */
  onChanged: () => void;
}

function StatusToggle({ entry, onChanged }: { entry: GmWorld; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const online = entry.world.status === 'online';

  async function onToggle() {
    const next = online ? 'maintenance' : 'online';
    if (next === 'maintenance' && !window.confirm(`Put ${entry.world.name} in maintenance? Players there cannot act until it is back online.`)) return;
    setBusy(true);
    setError(null);
    try {
      await setWorldStatus(entry.world.id, next);
      onChanged();
    } catch (failure) {
      setError(apiError(failure, 'Failed to change the world status.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={`${online ? 'Set Maintenance' : 'Set Online'}: ${entry.world.name}`}
        disabled={busy}
        onClick={() => void onToggle()}
      >
        {online ? 'Set Maintenance' : 'Set Online'}
      </button>
      {error && <ActionOutcome message={{ kind: 'error', text: error }} />}
    </>
  );
}

function CreateWorldForm({ onCreated }: { onCreated: () => void }) {
  const [form, setForm] = useState({ name: '', speed: '1', size: '200', maxPlayers: '500' });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const world = await createWorld({
        name: form.name.trim(),
        speed: Number(form.speed),
        size: Number(form.size),
        maxPlayers: Number(form.maxPlayers),
      });
      setOutcome({ kind: 'success', text: `${world.name} is open.` });
      setForm((current) => ({ ...current, name: '' }));
      onCreated();
    } catch (failure) {
      setOutcome({ kind: 'error', text: apiError(failure, 'Failed to create the world.') });
    } finally {
      setBusy(false);
    }
  }

  const edit = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  return (
    <details className="gm-create">
      <summary>Create World</summary>
      <form className="gm-form" onSubmit={onSubmit} aria-label="Create world">
        <div className="field">
          <label htmlFor="world-name">Name</label>
          <input id="world-name" className="input" required maxLength={50} value={form.name} onChange={edit('name')} />
        </div>
        <div className="field">
          <label htmlFor="world-speed">Speed</label>
          <input id="world-speed" className="input" type="number" min={0.1} max={10000} step={0.1} required value={form.speed} onChange={edit('speed')} />
        </div>
        <div className="field">
          <label htmlFor="world-size">Size (half-width in tiles)</label>
          <input id="world-size" className="input" type="number" min={40} max={200} step={1} required value={form.size} onChange={edit('size')} />
        </div>
        <div className="field">
          <label htmlFor="world-capacity">Capacity (players)</label>
          <input id="world-capacity" className="input" type="number" min={1} max={100000} step={1} required value={form.maxPlayers} onChange={edit('maxPlayers')} />
        </div>
        <div className="gm-form__actions">
          <button type="submit" className="button" disabled={busy}>
            Create World
          </button>
          <ActionOutcome message={outcome} />
        </div>
      </form>
    </details>
  );
}

export function WorldsSection({ worlds, onChanged }: Props) {
  return (
    <section className="card" aria-labelledby="gm-worlds-title">
      <h2 id="gm-worlds-title">World Management</h2>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Worlds</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Players</th>
              <th scope="col">Villages</th>
              <th scope="col">Population</th>
              <th scope="col">Movements</th>
              <th scope="col" title="Age of the oldest event that fell due and waits to be applied">
                Sweeper lag
              </th>
              <th scope="col">Speed</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {worlds.map((entry) => (
              <tr key={entry.world.id}>
                <td>{entry.world.name}</td>
                <td>
                  <span className={entry.world.status === 'online' ? 'badge badge--green' : 'badge badge--gold'}>
                    {entry.world.status === 'online' ? 'Online' : 'Maintenance'}
                  </span>
                </td>
                <td>
                  {entry.world.players}/{entry.world.maxPlayers}
                </td>
                <td>{formatNumber(entry.villages)}</td>
                <td>{formatNumber(entry.totalPopulation)}</td>
                <td>{formatNumber(entry.movementsInFlight)}</td>
                <td>{lagText(entry.sweeperLagSeconds)}</td>
                <td>×{entry.world.speed}</td>
                <td className="actions">
                  <StatusToggle entry={entry} onChanged={onChanged} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CreateWorldForm onCreated={onChanged} />
    </section>
  );
}
