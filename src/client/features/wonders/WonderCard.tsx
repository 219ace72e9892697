// One wonder of the world: name, status, level, completion, time left, the resources of the level being funded, its builder and place, and Contribute.
import { useAtomValue } from 'jotai';
import type { Wonder, WonderTypeInfo } from '../../api/wonders';
import { userIdAtom } from '../../state/session';
import { formatNumber } from '../../../rules/format';
import { RESOURCE_NAMES, RESOURCE_TYPES } from '../../../rules/resources';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { ArtIcon } from '../../ui/ArtIcon';
import { PlayerLink } from '../../ui/PlayerLink';
import { ProgressBar } from '../../ui/ProgressBar';
import { CONTRIBUTION, MESSAGES, acceptsContributions, formatPercent, statusName } from './model';
import { TimeLeft } from './TimeLeft';
import { useContribute } from './useWonders';

const STATUS_BADGE = { planned: 'badge--grey', under_construction: 'badge--blue', completed: 'badge--green', destroyed: 'badge--red' } as const;

/** '1K timber, 1K stone, 500 iron and 500 mead'. */
const CONTRIBUTION_TEXT = RESOURCE_TYPES.map((r) => `${formatNumber(CONTRIBUTION[r])} ${RESOURCE_NAMES[r].toLowerCase()}`)
  .join(', ')
  .replace(/, ([^,]*)$/, ' and $1');

export interface WonderCardProps {
  wonder: Wonder;
  type: WonderTypeInfo | undefined;
  /** Date.now() when the wonder was read: the time left counts down from here. */
  readAt: number;
  /** The world the page shows (null: the server's choice). */
  worldId: string | null;
  /** The village that contributes (the selected one); null without a village. */
  village: { id: string; name: string } | null;
  /** Reads the wonders again when the level under construction should stand. */
  onLevelDue: () => void;
}

export function WonderCard({ wonder, type, readAt, worldId, village, onLevelDue }: WonderCardProps) {
  const contribute = useContribute(useAtomValue(userIdAtom), worldId, wonder.id, village?.id ?? null);
  const typeName = type?.name ?? wonder.type;
  // The resources being gathered are for the level after the one standing (or after the one being built).
  const fundedLevel = wonder.level + (wonder.status === 'under_construction' ? 2 : 1);

  return (
    <article className={`wonder-card wonder-card--${wonder.status}`} aria-label={wonder.name}>
      <header className="wonder-card__head">
        <ArtIcon icon={type?.icon ?? `wonders/${wonder.type}.svg`} name={typeName} size={64} className="card-icon" />
        <div className="card-title">
          <h3 className="wonder-card__name">{wonder.name}</h3>
          <p className="wonder-card__type">{typeName}</p>
          <p className="wonder-card__badges">
            <span className={`badge ${STATUS_BADGE[wonder.status]}`}>{statusName(wonder.status)}</span>
            <span className="badge badge--gold">Level {wonder.level}</span>
          </p>
        </div>
        <p className="wonder-card__percent" data-testid="wonder-completion">
          {formatPercent(wonder.completionPercentage)}%
        </p>
      </header>

      <p className="wonder-card__description">{wonder.description}</p>

      <ProgressBar label="Completion" value={wonder.completionPercentage} max={100} valueText={`${formatPercent(wonder.completionPercentage)}%`} />

      <p className="wonder-card__time">
        <span className="wonder-card__label">Time left</span>
        {wonder.status === 'under_construction' && wonder.remainingConstructionTime !== null ? (
          <>
            <TimeLeft seconds={wonder.remainingConstructionTime} readAt={readAt} onDone={onLevelDue} />
            <span className="muted"> until level {wonder.level + 1}</span>
          </>
        ) : wonder.status === 'completed' ? (
          <span>Completed</span>
        ) : wonder.status === 'destroyed' ? (
          <span>Destroyed</span>
        ) : (
          <span className="muted">Building starts once the resources of level {wonder.level + 1} are in</span>
        )}
      </p>

      {acceptsContributions(wonder.status) && (
        <section className="wonder-card__resources" aria-label={`Resources for level ${fundedLevel}`}>
          <h4 className="wonder-card__label">Resources for level {fundedLevel}</h4>
          {RESOURCE_TYPES.map((r) => {
            const invested = wonder.totalResourcesInvested[r];
            const required = wonder.requiredResources[r];
            return (
              <ProgressBar
                key={r}
                label={RESOURCE_NAMES[r]}
                value={invested}
                max={required}
                tone={invested >= required ? 'good' : 'normal'}
                valueText={`${formatNumber(invested)} / ${formatNumber(required)}`}
              />
            );
          })}
        </section>
      )}

      <dl className="wonder-card__facts">
        <div>
          <dt>Owner</dt>
          <dd>
            <PlayerLink player={wonder.user} fallback="Unknown" />
          </dd>
        </div>
        <div>
          <dt>Alliance</dt>
          <dd>{wonder.alliance ? `[${wonder.alliance.tag}] ${wonder.alliance.name}` : 'None'}</dd>
        </div>
        <div>
          <dt>Village</dt>
          <dd>
            {wonder.village.name} ({wonder.village.x}|{wonder.village.y})
          </dd>
        </div>
      </dl>

      {acceptsContributions(wonder.status) && (
        <footer className="wonder-card__foot">
          <ActionButton className="button button--small" onClick={() => contribute.run()} disabled={!village} pending={contribute.pending}>
            Contribute
          </ActionButton>
          <span className="wonder-card__hint">{village ? `${CONTRIBUTION_TEXT} from ${village.name}` : MESSAGES.noVillage}</span>
        </footer>
      )}
      <ActionOutcome message={contribute.outcome} />
    </article>
  );
}
