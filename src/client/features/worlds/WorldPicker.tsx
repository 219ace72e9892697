// The world picker: every world with its real figures; a player joins one (which founds their capital), goes back to one they play in, or reads an ended world's hall of fame.
import { useAtomValue, useSetAtom } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { joinWorld, type World } from '../../api/worlds';
import { worldsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { putVillage, selectedVillageIdAtom, villagesAtom, type Village } from '../../state/village';
import { formatNumber } from '../../../rules/format';
import { STARTING_RESOURCES } from '../../../rules/resources';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDateTime } from '../../ui/dates';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';
import './worlds.css';

function speedText(speed: number): string {
  return `x${Number.isInteger(speed) ? speed : speed.toFixed(1)}`;
}

const STATUS: Record<World['status'], { label: string; badge: string }> = {
  online: { label: 'Online', badge: 'badge badge--green' },
  maintenance: { label: 'Maintenance', badge: 'badge badge--red' },
  ended: { label: 'Ended', badge: 'badge badge--grey' },
};

/** The village a player goes back to in a world: its capital there, else their first village there. */
function villageIn(villages: readonly Village[] | null, worldId: string): Village | null {
  const there = villages?.filter((v) => v.worldId === worldId) ?? [];
  return there.find((v) => v.isCapital) ?? there[0] ?? null;
}

export default function WorldPicker() {
  const viewer = useAtomValue(userIdAtom);
  const villages = useAtomValue(villagesAtom);
  const client = useQueryClient();
  const navigate = useNavigate();
  // Fresh player counts every time the picker opens.
  const worldsRead = useQuery({ ...worldsQuery(), staleTime: 0 });
  const worlds = worldsRead.data ?? null;
  const setSelectedVillageId = useSetAtom(selectedVillageIdAtom);
  const playing = (villages?.length ?? 0) > 0;
  const join = useAction({
    mutationFn: (world: World) => joinWorld(world.id),
    // The reply carries the new capital: it is selected and joins the list; a player of other worlds goes to it.
    onSuccess: ({ village }) => {
      setSelectedVillageId(village.id);
      putVillage(client, viewer, village);
      if (playing) navigate('/game/village');
    },
    // Joined or refused, the counts or the status may have changed: the worlds are read again.
    onSettled: () => void client.invalidateQueries({ queryKey: worldsQuery().queryKey }),
    failure: 'Failed to join world',
  });
  const joining = join.pending ? (join.variables?.id ?? null) : null;

  function play(village: Village) {
    setSelectedVillageId(village.id);
    navigate('/game/village');
  }

  return (
    <section className="page worlds" aria-labelledby="worlds-title">
      <header className="worlds__intro">
        <h1 id="worlds-title">{playing ? 'Worlds' : 'Choose your world'}</h1>
        {playing ? (
          <p className="muted">Join a new world, or go back to one you play in. Your account and your alliance go with you into every world.</p>
        ) : (
          <p className="muted">
            You have no village yet. Join a world and the jarls will grant you a capital with {formatNumber(STARTING_RESOURCES)} of every resource to start from.
          </p>
        )}
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
            const ended = world.status === 'ended';
            const mine = villageIn(villages, world.id);
            const status = STATUS[world.status];
            return (
              <li key={world.id} className={ended ? 'world-card world-card--ended card' : 'world-card card'} aria-label={world.name}>
                <div className="world-card__head">
                  <h2 className="world-card__name">{world.name}</h2>
                  <span className={status.badge}>{status.label}</span>
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
                {world.endsAt && <p className="muted world-card__note">{ended ? `Ended ${formatDateTime(world.endsAt)}.` : `Ends ${formatDateTime(world.endsAt)}.`}</p>}
                {ended ? (
                  <Link className="button button--secondary" to={`/game/worlds/${encodeURIComponent(world.id)}/hall-of-fame`} aria-label={`Hall of fame: ${world.name}`}>
                    Hall of fame
                  </Link>
                ) : mine ? (
                  <button type="button" className="button" onClick={() => play(mine)}>
                    Play
                  </button>
                ) : (
                  <button type="button" className="button" onClick={() => join.run(world)} disabled={joining !== null}>
                    {joining === world.id ? 'Joining...' : 'Join'}
                  </button>
                )}
                {ended && mine && <p className="muted world-card__note">You played here: your villages stay as the world's end left them.</p>}
                {full && world.status === 'online' && !mine && <p className="muted world-card__note">This world is full.</p>}
                {join.variables?.id === world.id && <ActionOutcome message={join.outcome} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
