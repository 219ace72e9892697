// The smithy tab: the blacksmith's research of each unit type's attack and defence levels, the research running, and Research buttons with their cost.
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startResearch, type Smithy, type SmithyTrackName, type SmithyTrackState, type SmithyUnit } from '../../api/smithy';
import { smithyQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { BUILDINGS } from '../../../rules/buildings';
import { UNITS } from '../../../rules/units';
import { SMITHY_MESSAGES, SMITHY_TRACKS, smithyFactor, trackWord } from '../../../rules/smithy';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Spinner } from '../../ui/Spinner';
import { useAction, type Action } from '../../ui/useAction';
import { CostList } from './CostList';
import { EndsIn } from './EndsIn';
import { notEnoughMessage, shortfall } from './model';
import type { VillageContext } from './context';

/** The percent a level adds, as a player reads it: +1.5%, +34.7%. */
function bonusText(level: number): string {
  return `+${((smithyFactor(level) - 1) * 100).toFixed(1)}%`;
}

/** Which research a button asks for. */
interface ResearchChoice {
  unitType: SmithyUnit['unitType'];
  track: SmithyTrackName;
}

/** The smithy of the village shown: read, and kept as the last research's reply left it. */
export function useSmithy(villageId: string) {
  const viewer = useAtomValue(userIdAtom);
  return useQuery(smithyQuery(viewer, villageId));
}

/**
 * Why the next level cannot start: the server's reason, except for resources, which are compared with the live stock
 * (the stock grows while the page is open).
 */
function blockOf(track: SmithyTrackState, ctx: VillageContext): string | null {
  const next = track.next;
  if (!next) return null;
  if (next.refusal !== null && next.refusal !== SMITHY_MESSAGES.notEnough) return next.refusal;
  const missing = shortfall(ctx.stock, next.cost);
  return missing.length > 0 ? notEnoughMessage(missing) : null;
}

/** One track of a unit type's card: which unit and track, the level being researched in it (or null), and the button's action. */
interface TrackCellProps {
  unit: SmithyUnit;
  track: SmithyTrackName;
  ctx: VillageContext;
  researching: number | null;
  research: Action<Smithy, ResearchChoice>;
}

function TrackCell({ unit, track, ctx, researching, research }: TrackCellProps) {
  const state = unit[track];
  const busy = research.pending && research.variables?.unitType === unit.unitType && research.variables.track === track;
  const block = blockOf(state, ctx);
  const word = trackWord(track);
  return (
    <div className="smithy-track" aria-label={`${UNITS[unit.unitType].name} ${word}`}>
      <p className="smithy-track__level">
        <span className="smithy-track__word">{word === 'attack' ? 'Attack' : 'Defence'}</span>{' '}
        <span className="badge badge--gold">Level {state.level}</span>
        {state.level > 0 && <span className="muted"> {bonusText(state.level)}</span>}
      </p>
      {researching !== null ? (
        <p className="unit-card__training">Level {researching} is being researched</p>
      ) : state.next ? (
        <>
          <CostList cost={state.next.cost} stock={ctx.stock} seconds={state.next.researchTime} />
          <div className="smithy-track__action">
            <ActionButton className="button button--small" onClick={() => research.run({ unitType: unit.unitType, track })} disabled={block !== null} pending={busy}>
              Research level {state.next.level}
            </ActionButton>
            {block && block !== SMITHY_MESSAGES.busy && <span className="building-card__reason">{block}</span>}
          </div>
        </>
      ) : (
        <p className="muted">Highest level reached</p>
      )}
    </div>
  );
}

function RunningResearch({ smithy, readAt, onDone }: { smithy: Smithy; readAt: number; onDone: () => void }) {
  const running = smithy.research;
  if (!running) return <p className="construction construction--idle">No research running. The blacksmith is ready.</p>;
  return (
    <p className="construction" role="status">
      Researching {UNITS[running.unitType].name} {trackWord(running.track)} level {running.level}: <EndsIn remaining={running.remainingTime} readAt={readAt} onDone={onDone} />
    </p>
  );
}

export function SmithyTab({ ctx }: { ctx: VillageContext }) {
  const client = useQueryClient();
  const viewer = useAtomValue(userIdAtom);
  const read = useSmithy(ctx.village.id);
  const key = smithyQuery(viewer, ctx.village.id).queryKey;
  const research = useAction<Smithy, ResearchChoice>({
    mutationFn: ({ unitType, track }) => startResearch(ctx.village.id, unitType, track),
    onSuccess: (smithy) => {
      client.setQueryData(key, smithy);
      // The research was paid: the stock shown is read again.
      return ctx.refresh();
    },
    onError: () => {
      void read.refetch();
      void ctx.refresh();
    },
    success: (_, { unitType, track }) => `${UNITS[unitType].name} ${trackWord(track)} research started`,
    failure: 'Failed to start the research',
  });

  if (!read.data) {
    return read.isError ? <p className="muted">Could not load the smithy.</p> : <Spinner label="Loading the smithy..." />;
  }
  const smithy = read.data;
  if (smithy.blacksmithLevel < 1) {
    return (
      <section className="card" aria-labelledby="smithy-title">
        <h2 id="smithy-title" className="section-title">Smithy</h2>
        <p className="muted">
          Build a {BUILDINGS.blacksmith.name} to improve your units’ attack and defence. Each level of a unit type adds {bonusText(1)}, compounded; the {BUILDINGS.blacksmith.name}’s level caps the levels.
        </p>
      </section>
    );
  }
  return (
    <div className="stack">
      <section aria-labelledby="smithy-title">
        <h2 id="smithy-title" className="section-title">Smithy</h2>
        <p className="muted">
          {BUILDINGS.blacksmith.name} level {smithy.blacksmithLevel}: research up to level {smithy.maxLevel}. Each level adds {bonusText(1)} to the unit’s attack or to both its defences, compounded, in every battle.
        </p>
        <RunningResearch smithy={smithy} readAt={read.dataUpdatedAt} onDone={() => void read.refetch()} />
        <ActionOutcome message={research.outcome} />
      </section>
      <div className="unit-grid">
        {smithy.unitTypes.map((unit) => (
          <article key={unit.unitType} className="unit-card smithy-card" aria-label={`${UNITS[unit.unitType].name} research`}>
            <header className="unit-card__head">
              <h3 className="unit-card__name">{UNITS[unit.unitType].name}</h3>
            </header>
            {SMITHY_TRACKS.map((track) => (
              <TrackCell
                key={track}
                unit={unit}
                track={track}
                ctx={ctx}
                research={research}
                researching={smithy.research?.unitType === unit.unitType && smithy.research.track === track ? smithy.research.level : null}
              />
            ))}
          </article>
        ))}
      </div>
    </div>
  );
}
