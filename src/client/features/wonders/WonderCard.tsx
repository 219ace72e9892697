// One wonder of the world: name, status, level, completion, time left, the resources of the level being funded, its builder and place, and Contribute.
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import type { Wonder, WonderTypeInfo } from '../../api/wonders';
import { userIdAtom } from '../../state/session';
import { formatNumber } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { RESOURCE_TYPES } from '../../../rules/resources';
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
function contributionText(): string {
  return i18n.t('wonders:card.contribution', {
    timber: formatNumber(CONTRIBUTION.timber),
    stone: formatNumber(CONTRIBUTION.stone),
    iron: formatNumber(CONTRIBUTION.iron),
    mead: formatNumber(CONTRIBUTION.mead),
  });
}

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
  const { t } = useTranslation('wonders');
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
            <span className="badge badge--gold">{t('card.level', { level: wonder.level })}</span>
          </p>
        </div>
        <p className="wonder-card__percent" data-testid="wonder-completion">
          {t('card.percent', { value: formatPercent(wonder.completionPercentage) })}
        </p>
      </header>

      <p className="wonder-card__description">{wonder.description}</p>

      <ProgressBar label={t('card.completion')} value={wonder.completionPercentage} max={100} valueText={t('card.percent', { value: formatPercent(wonder.completionPercentage) })} />

      <p className="wonder-card__time">
        <span className="wonder-card__label">{t('card.timeLeft')}</span>
        {wonder.status === 'under_construction' && wonder.remainingConstructionTime !== null ? (
          <>
            <TimeLeft seconds={wonder.remainingConstructionTime} readAt={readAt} onDone={onLevelDue} />
            <span className="muted">{t('card.untilLevel', { level: wonder.level + 1 })}</span>
          </>
        ) : wonder.status === 'completed' ? (
          <span>{t('card.completed')}</span>
        ) : wonder.status === 'destroyed' ? (
          <span>{t('card.destroyed')}</span>
        ) : (
          <span className="muted">{t('card.startsOnce', { level: wonder.level + 1 })}</span>
        )}
      </p>

      {acceptsContributions(wonder.status) && (
        <section className="wonder-card__resources" aria-label={t('card.resourcesFor', { level: fundedLevel })}>
          <h4 className="wonder-card__label">{t('card.resourcesFor', { level: fundedLevel })}</h4>
          {RESOURCE_TYPES.map((r) => {
            const invested = wonder.totalResourcesInvested[r];
            const required = wonder.requiredResources[r];
            return (
              <ProgressBar
                key={r}
                label={resourceName(r)}
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
          <dt>{t('card.owner')}</dt>
          <dd>
            <PlayerLink player={wonder.user} fallback={t('card.unknown')} />
          </dd>
        </div>
        <div>
          <dt>{t('card.alliance')}</dt>
          <dd>{wonder.alliance ? `[${wonder.alliance.tag}] ${wonder.alliance.name}` : t('card.none')}</dd>
        </div>
        <div>
          <dt>{t('card.village')}</dt>
          <dd>
            {wonder.village.name} ({wonder.village.x}|{wonder.village.y})
          </dd>
        </div>
      </dl>

      {acceptsContributions(wonder.status) && (
        <footer className="wonder-card__foot">
          <ActionButton className="button button--small" onClick={() => contribute.run()} disabled={!village} pending={contribute.pending}>
            {t('card.contribute')}
          </ActionButton>
          <span className="wonder-card__hint">{village ? t('card.from', { contribution: contributionText(), name: village.name }) : MESSAGES.noVillage}</span>
        </footer>
      )}
      <ActionOutcome message={contribute.outcome} />
    </article>
  );
}
