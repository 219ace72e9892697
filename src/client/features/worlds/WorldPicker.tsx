// The world picker: a player without a village sees the worlds and joins one, which founds their capital.
import { useAtomValue, useSetAtom } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { joinWorld, type World } from '../../api/worlds';
import { worldsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { putVillage, selectedVillageIdAtom } from '../../state/village';
import { formatNumber } from '../../../rules/format';
import { STARTING_RESOURCES } from '../../../rules/resources';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';
import './worlds.css';

function speedText(speed: number): string {
  return `x${Number.isInteger(speed) ? speed : speed.toFixed(1)}`;
}

export default function WorldPicker() {
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  // Fresh player counts every time the picker opens.
  const worldsRead = useQuery({ ...worldsQuery(), staleTime: 0 });
  const worlds = worldsRead.data ?? null;
  const setSelectedVillageId = useSetAtom(selectedVillageIdAtom);
  const join = useAction({
    mutationFn: (world: World) => joinWorld(world.id),
    // The reply carries the new capital: it is selected and joins the list.
    onSuccess: ({ village }) => {
      setSelectedVillageId(village.id);
      putVillage(client, viewer, village);
    },
    // Joined or refused, the counts or the status may have changed: the worlds are read again.
    onSettled: () => void client.invalidateQueries({ queryKey: worldsQuery().queryKey }),
    failure: 'Failed to join world',
  });
  const joining = join.pending ? (join.variables?.id ?? null) : null;

  return (
    <section className="page worlds" aria-labelledby="worlds-title">
      <header className="worlds__intro">
        <h1 id="worlds-title">Choose your world</h1>
        <p className="muted">
          You have no village yet. Join a world and the jarls will grant you a capital with {formatNumber(STARTING_RESOURCES)} of every resource to start from.
        </p>
      </header>
      {worlds === null ? (
        worldsRead.isError ? (
          <div className="card">
            <p>Could not load the worlds.</p>
            <button type="button" className="button button--secondary" onClick={() => void worldsRead.refetch()}>
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
                <button type="button" className="button" onClick={() => join.run(world)} disabled={joining !== null}>
                  {joining === world.id ? 'Joining...' : 'Join'}
                </button>
                {full && online && <p className="muted world-card__note">This world is full.</p>}
                {join.variables?.id === world.id && <ActionOutcome message={join.outcome} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
