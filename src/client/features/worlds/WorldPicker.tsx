// The world picker: a player without a village sees the worlds and joins one, which founds their capital.
import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { apiError } from '../../api/client';
import { joinWorld, type World } from '../../api/worlds';
import { loadVillagesAtom, loadWorldsAtom, putVillageAtom, selectedVillageIdAtom, worldsAtom } from '../../state/village';
import { formatNumber } from '../../../rules/format';
import { STARTING_RESOURCES } from '../../../rules/resources';
import { Spinner } from '../../ui/Spinner';
import './worlds.css';

function speedText(speed: number): string {
  return `x${Number.isInteger(speed) ? speed : speed.toFixed(1)}`;
}

export default function WorldPicker() {
  const worlds = useAtomValue(worldsAtom);
  const loadWorlds = useSetAtom(loadWorldsAtom);
  const loadVillages = useSetAtom(loadVillagesAtom);
  const putVillage = useSetAtom(putVillageAtom);
  const setSelectedVillageId = useSetAtom(selectedVillageIdAtom);
  const [loadFailed, setLoadFailed] = useState(false);
  const [joining, setJoining] = useState<string | null>(null);
  const [error, setError] = useState<{ worldId: string; message: string } | null>(null);

  useEffect(() => {
    // Fresh player counts every time the picker opens.
    loadWorlds().then(
      () => setLoadFailed(false),
      (failure: unknown) => {
        console.error('Loading the worlds failed', failure);
        setLoadFailed(true);
      },
    );
  }, [loadWorlds]);

  async function onJoin(world: World) {
    setJoining(world.id);
    setError(null);
    try {
      const { village } = await joinWorld(world.id);
      setSelectedVillageId(village.id);
      putVillage(village);
      await loadVillages();
    } catch (failure) {
      setError({ worldId: world.id, message: apiError(failure, 'Failed to join world') });
      // The counts or the status may have changed; show the worlds as they are now.
      loadWorlds().catch(() => undefined);
    } finally {
      setJoining(null);
    }
  }

  return (
    <section className="page worlds" aria-labelledby="worlds-title">
      <header className="worlds__intro">
        <h1 id="worlds-title">Choose your world</h1>
        <p className="muted">
          You have no village yet. Join a world and the jarls will grant you a capital with {formatNumber(STARTING_RESOURCES)} of every resource to start from.
        </p>
      </header>
      {worlds === null ? (
        loadFailed ? (
          <div className="card">
            <p>Could not load the worlds.</p>
            <button type="button" className="button button--secondary" onClick={() => void loadWorlds().then(() => setLoadFailed(false), () => undefined)}>
              Try again
            </button>
          </div>
        ) : (
          <Spinner label="Loading worlds..." />
        )
      ) : worlds.length === 0 ? (
        <p className="card muted">No world is open yet.</p>
      ) : (
        <ul className="worlds__list" aria-label="Worlds">
          {worlds.map((world) => {
            const full = world.players >= world.maxPlayers;
            const online = world.status === 'online';
            return (
              <li key={world.id} className="world-card card" aria-label={world.name}>
                <div className="world-card__head">
                  <h2 className="world-card__name">{world.name}</h2>
                  <span className={online ? 'badge badge--green' : 'badge badge--red'}>{online ? 'Online' : 'Maintenance'}</span>
                </div>
                <dl className="world-card__facts">
                  <div>
                    <dt>Players</dt>
                    <dd>
                      {formatNumber(world.players)}/{formatNumber(world.maxPlayers)}
                    </dd>
                  </div>
                  <div>
                    <dt>Speed</dt>
                    <dd>{speedText(world.speed)}</dd>
                  </div>
                  <div>
                    <dt>Size</dt>
                    <dd>
                      {world.size * 2 + 1} x {world.size * 2 + 1}
                    </dd>
                  </div>
                </dl>
                <button type="button" className="button" onClick={() => void onJoin(world)} disabled={joining !== null}>
                  {joining === world.id ? 'Joining...' : 'Join'}
                </button>
                {full && online && <p className="muted world-card__note">This world is full.</p>}
                {error?.worldId === world.id && (
                  <p className="alert alert--compact" role="alert">
                    {error.message}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
