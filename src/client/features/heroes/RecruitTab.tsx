// The recruit tab: the next hero's price in the four resources and a card per hero type with its Recruit button.
import { useAtomValue } from 'jotai';
import type { HeroTypeInfo, RecruitmentCost } from '../../api/heroes';
import { userIdAtom } from '../../state/session';
import { formatNumber } from '../../../rules/format';
import { RESOURCE_NAMES, RESOURCE_TYPES } from '../../../rules/resources';
import { ArtIcon } from '../../ui/ArtIcon';
import { ResourceIcon } from '../../ui/icons';
import { primaryStatName, recruitAnswer } from './model';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useRecruit } from './useHeroes';

export interface RecruitTabProps {
  types: HeroTypeInfo[];
  /** null while the price for the selected village is read. */
  cost: RecruitmentCost | null;
  /** Why recruiting is refused now, or null. */
  block: string | null;
  /** The village that pays (the selected one); null without a village. */
  villageId: string | null;
}

export function RecruitTab({ types, cost, block, villageId }: RecruitTabProps) {
  return (
    <div className="recruit">
      <section className="card recruit__cost" aria-labelledby="recruit-cost-title">
        <h2 id="recruit-cost-title" className="section-title">
          Cost of the next hero
        </h2>
        {cost ? (
          <ul className="hero-cost" aria-label="Recruitment cost">
            {RESOURCE_TYPES.map((r) => (
              <li key={r} className="hero-cost__item">
                <ResourceIcon type={r} size={22} />
                <span className="hero-cost__name">{RESOURCE_NAMES[r]}</span>
                <span className="hero-cost__amount" data-testid={`recruit-cost-${r}`}>
                  {formatNumber(cost.cost[r])}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Reading the price...</p>
        )}
        {block && cost && <p className="recruit__block">{block}</p>}
      </section>

      <div className="hero-type-grid">
        {types.map((type) => (
          <HeroTypeCard key={type.type} type={type} block={block} villageId={villageId} />
        ))}
      </div>
    </div>
  );
}

function HeroTypeCard({ type, block, villageId }: { type: HeroTypeInfo } & Pick<RecruitTabProps, 'block' | 'villageId'>) {
  const recruit = useRecruit(useAtomValue(userIdAtom), villageId, type.type);

  function onRecruit() {
    if (!villageId) return;
    const answer = recruitAnswer(window.prompt(`Name your new ${type.name} (leave empty and a skald will choose a name)`, ''));
    if (answer.kind === 'cancel') return;
    if (answer.kind === 'invalid') recruit.refuse(answer.message);
    else recruit.run(answer.customName);
  }

  return (
    <article className="hero-type-card" aria-label={type.name}>
      <header className="hero-type-card__head">
        <ArtIcon icon={type.icon} name={type.name} size={56} />
        <div>
          <h3 className="hero-type-card__name">{type.name}</h3>
          <p className="hero-type-card__stat">
            Primary stat: <strong>{primaryStatName(type.primaryStat)}</strong>
          </p>
        </div>
      </header>
      <p className="hero-type-card__description">{type.description}</p>
      <p className="hero-type-card__ability">
        <span className="hero-type-card__label">Special ability</span>
        {type.specialAbility}
      </p>
      <footer className="hero-type-card__foot">
        <ActionButton className="button button--small" onClick={onRecruit} disabled={block !== null} pending={recruit.pending} title={block ?? undefined}>
          Recruit
        </ActionButton>
      </footer>
      <ActionOutcome message={recruit.outcome} />
    </article>
  );
}
