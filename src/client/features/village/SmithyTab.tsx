// The smithy tab: the blacksmith's research of each unit type's attack and defence levels, the research running, and Research buttons with their cost.
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { startResearch, type Smithy, type SmithyTrackName, type SmithyTrackState, type SmithyUnit } from '../../api/smithy';
import { smithyQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { MAX_SMITHY_LEVEL, SMITHY_MESSAGES, SMITHY_TRACKS, smithyFactor, type SmithyTrack } from '../../../rules/smithy';
import { i18n } from '../../i18n';
import { formatDecimal } from '../../i18n/format';
import { buildingName, unitName } from '../../i18n/game';
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
  const percent = Math.round((smithyFactor(level) - 1) * 1000) / 10;
  return i18n.t('village:smithy.bonus', { value: formatDecimal(percent, 1, 1) });
}

/** 'attack' or 'defence' as running text says it (German 'Angriff', 'Verteidigung'). */
function trackText(track: SmithyTrack): string {
  return i18n.t(`village:smithy.tracks.${track}`);
}

/**
 * A refusal of the smithy's rules in the player's language: their words for a busy blacksmith, a top level and a level
 * the blacksmith caps, recognised by the unit and track of the card; anything else (a server's newer words) as it is.
 */
function refusalText(reason: string, unitType: SmithyUnit['unitType'], track: SmithyTrack): string {
  const unit = unitName(unitType);
  if (reason === SMITHY_MESSAGES.busy) return i18n.t('village:smithy.refusals.busy');
  if (reason === SMITHY_MESSAGES.noBlacksmith) return i18n.t('village:smithy.refusals.noBlacksmith');
  if (reason === SMITHY_MESSAGES.topLevel(unitType, track)) return i18n.t('village:smithy.refusals.topLevel', { unit, track: trackText(track), max: MAX_SMITHY_LEVEL });
  for (let level = 0; level < MAX_SMITHY_LEVEL; level += 1) {
    if (reason === SMITHY_MESSAGES.capped(unitType, track, level)) return i18n.t('village:smithy.refusals.capped', { unit, track: trackText(track), level: level + 1 });
  }
  return reason;
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
  const { t } = useTranslation('village');
  const block = blockOf(state, ctx);
  return (
    <div className="smithy-track" aria-label={t('smithy.trackLabel', { unit: unitName(unit.unitType), track: trackText(track) })}>
      <p className="smithy-track__level">
        <span className="smithy-track__word">{t(`smithy.trackTitles.${track}`)}</span>{' '}
        <span className="badge badge--gold">{t('level', { level: state.level })}</span>
        {state.level > 0 && <span className="muted"> {bonusText(state.level)}</span>}
      </p>
      {researching !== null ? (
        <p className="unit-card__training">{t('smithy.researching', { level: researching })}</p>
      ) : state.next ? (
        <>
          <CostList cost={state.next.cost} stock={ctx.stock} seconds={state.next.researchTime} />
          <div className="smithy-track__action">
            <ActionButton className="button button--small" onClick={() => research.run({ unitType: unit.unitType, track })} disabled={block !== null} pending={busy}>
              {t('smithy.research', { level: state.next.level })}
            </ActionButton>
            {block && block !== SMITHY_MESSAGES.busy && <span className="building-card__reason">{refusalText(block, unit.unitType, track)}</span>}
          </div>
        </>
      ) : (
        <p className="muted">{t('smithy.highest')}</p>
      )}
    </div>
  );
}

function RunningResearch({ smithy, readAt, onDone }: { smithy: Smithy; readAt: number; onDone: () => void }) {
  const { t } = useTranslation('village');
  const running = smithy.research;
  if (!running) return <p className="construction construction--idle">{t('smithy.idle')}</p>;
  return (
    <p className="construction" role="status">
      <Trans
        t={t}
        i18nKey="smithy.running"
        values={{ unit: unitName(running.unitType), track: trackText(running.track), level: running.level }}
        components={{ countdown: <EndsIn remaining={running.remainingTime} readAt={readAt} onDone={onDone} /> }}
      />
    </p>
  );
}

export function SmithyTab({ ctx }: { ctx: VillageContext }) {
  const { t } = useTranslation('village');
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
    success: (_, { unitType, track }) => t('smithy.started', { unit: unitName(unitType), track: trackText(track) }),
    failure: t('smithy.failed'),
  });

  if (!read.data) {
    return read.isError ? <p className="muted">{t('smithy.loadFailed')}</p> : <Spinner label={t('smithy.loading')} />;
  }
  const smithy = read.data;
  if (smithy.blacksmithLevel < 1) {
    return (
      <section className="card" aria-labelledby="smithy-title">
        <h2 id="smithy-title" className="section-title">
          {t('smithy.title')}
        </h2>
        <p className="muted">{t('smithy.noBlacksmith', { blacksmith: buildingName('blacksmith'), bonus: bonusText(1) })}</p>
      </section>
    );
  }
  return (
    <div className="stack">
      <section aria-labelledby="smithy-title">
        <h2 id="smithy-title" className="section-title">
          {t('smithy.title')}
        </h2>
        <p className="muted">
          {t('smithy.intro', { blacksmith: buildingName('blacksmith'), level: smithy.blacksmithLevel, max: smithy.maxLevel, bonus: bonusText(1) })}
        </p>
        <RunningResearch smithy={smithy} readAt={read.dataUpdatedAt} onDone={() => void read.refetch()} />
        <ActionOutcome message={research.outcome} />
      </section>
      <div className="unit-grid">
        {smithy.unitTypes.map((unit) => (
          <article key={unit.unitType} className="unit-card smithy-card" aria-label={t('smithy.cardLabel', { unit: unitName(unit.unitType) })}>
            <header className="unit-card__head">
              <h3 className="unit-card__name">{unitName(unit.unitType)}</h3>
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
