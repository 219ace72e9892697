// The construct tab: what founding a wonder needs, and a card per wonder type with its base requirements, effects and Construct.
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Wonder, WonderTypeInfo } from '../../api/wonders';
import { userIdAtom } from '../../state/session';
import { formatNumber } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { RESOURCE_TYPES } from '../../../rules/resources';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { ArtIcon } from '../../ui/ArtIcon';
import { ResourceIcon } from '../../ui/icons';
import { MESSAGES, REQUIREMENTS, effectLines, wonderNameAnswer } from './model';
import { useConstruct } from './useWonders';

export interface ConstructTabProps {
  types: WonderTypeInfo[];
  /** The wonders of the world, to tell which types are taken. */
  wonders: Wonder[];
  /** The world the page shows (null: the server's choice). */
  worldId: string | null;
  /** The village that would raise it (the selected one), with its great hall's level when known. */
  village: { id: string; name: string; greatHallLevel: number | null } | null;
}

export function ConstructTab({ types, wonders, worldId, village }: ConstructTabProps) {
  const { t } = useTranslation('wonders');
  const raised = new Map(wonders.map((w) => [w.type, w]));
  return (
    <div className="construct">
      <section className="card construct__requirements" aria-labelledby="wonder-requirements-title">
        <h2 id="wonder-requirements-title" className="section-title">
          {t('construct.requirements')}
        </h2>
        <ul className="construct__list">
          {REQUIREMENTS.map((line) => (
            <li key={line}>{t(line)}</li>
          ))}
        </ul>
        {village && village.greatHallLevel !== null && (
          <p className="construct__village">
            {t('construct.greatHall', { name: village.name, level: village.greatHallLevel })}
          </p>
        )}
      </section>

      <div className="wonder-type-grid">
        {types.map((type) => (
          <WonderTypeCard key={type.type} type={type} raisedAs={raised.get(type.type) ?? null} worldId={worldId} village={village} />
        ))}
      </div>
    </div>
  );
}

interface WonderTypeCardProps extends Pick<ConstructTabProps, 'village' | 'worldId'> {
  type: WonderTypeInfo;
  /** The wonder of this type already standing in the world, if any. */
  raisedAs: Wonder | null;
}

function WonderTypeCard({ type, raisedAs, worldId, village }: WonderTypeCardProps) {
  const { t } = useTranslation('wonders');
  const construct = useConstruct(useAtomValue(userIdAtom), worldId, type.type, village?.id ?? null);
  const effects = effectLines(type.effects);

  function onConstruct() {
    if (!village) return;
    const answer = wonderNameAnswer(window.prompt(t('construct.prompt', { type: type.name }), ''));
    // A cancelled or empty name does nothing.
    if (answer.kind === 'ignore') return;
    if (answer.kind === 'invalid') construct.refuse(answer.message);
    else construct.run(answer.name);
  }

  return (
    <article className="wonder-type-card" aria-label={type.name}>
      <header className="wonder-type-card__head">
        <ArtIcon icon={type.icon} name={type.name} size={60} />
        <div>
          <h3 className="wonder-type-card__name">{type.name}</h3>
          {type.victoryCondition && <span className="badge badge--gold">{t('construct.victoryWonder')}</span>}
        </div>
      </header>
      <p className="wonder-type-card__description">{type.description}</p>

      <div>
        <h4 className="wonder-type-card__label">{t('construct.baseRequirements')}</h4>
        <p className="wonder-type-card__hall">{t('construct.hallLevel', { level: type.baseRequirements.greatHallLevel })}</p>
        <ul className="wonder-cost" aria-label={t('construct.firstLevel')}>
          {RESOURCE_TYPES.map((r) => (
            <li key={r} className="wonder-cost__item" title={resourceName(r)}>
              <ResourceIcon type={r} size={16} />
              <span className="visually-hidden">{resourceName(r)} </span>
              {formatNumber(type.baseRequirements.resources[r])}
            </li>
          ))}
        </ul>
      </div>

      <div>
        <h4 className="wonder-type-card__label">{t('construct.effectsAt')}</h4>
        <ul className="wonder-type-card__effects">
          {effects.length === 0 ? <li>{t('construct.none')}</li> : effects.map((line) => <li key={line}>{line}</li>)}
        </ul>
      </div>

      <footer className="wonder-type-card__foot">
        <ActionButton className="button button--small" onClick={onConstruct} disabled={!village || raisedAs !== null} pending={construct.pending}>
          {t('construct.submit')}
        </ActionButton>
        {raisedAs ? (
          <span className="wonder-type-card__taken">{t('construct.taken', { name: raisedAs.name })}</span>
        ) : (
          !village && <span className="wonder-type-card__taken">{MESSAGES.noVillage}</span>
        )}
      </footer>
      <ActionOutcome message={construct.outcome} />
    </article>
  );
}
