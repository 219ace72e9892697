// The recruit tab: the next hero's price in the four resources and a card per hero type with its Recruit button.
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { HeroTypeInfo, RecruitmentCost } from '../../api/heroes';
import { userIdAtom } from '../../state/session';
import { formatNumber } from '../../i18n/format';
import { heroTypeName, resourceName } from '../../i18n/game';
import { RESOURCE_TYPES } from '../../../rules/resources';
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
  const { t } = useTranslation('heroes');
  return (
    <div className="recruit">
      <section className="card recruit__cost" aria-labelledby="recruit-cost-title">
        <h2 id="recruit-cost-title" className="section-title">
          {t('recruit.costTitle')}
        </h2>
        {cost ? (
          <ul className="hero-cost" aria-label={t('recruit.cost')}>
            {RESOURCE_TYPES.map((r) => (
              <li key={r} className="hero-cost__item">
                <ResourceIcon type={r} size={22} />
                <span className="hero-cost__name">{resourceName(r)}</span>
                <span className="hero-cost__amount" data-testid={`recruit-cost-${r}`}>
                  {formatNumber(cost.cost[r])}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('recruit.readingPrice')}</p>
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
  const { t } = useTranslation('heroes');
  const name = heroTypeName(type.type);
  const recruit = useRecruit(useAtomValue(userIdAtom), villageId, type.type);

  function onRecruit() {
    if (!villageId) return;
    const answer = recruitAnswer(window.prompt(t('recruit.prompt', { type: name }), ''));
    if (answer.kind === 'cancel') return;
    if (answer.kind === 'invalid') recruit.refuse(answer.message);
    else recruit.run(answer.customName);
  }

  return (
    <article className="hero-type-card" aria-label={name}>
      <header className="hero-type-card__head">
        <ArtIcon icon={type.icon} name={name} size={56} />
        <div>
          <h3 className="hero-type-card__name">{name}</h3>
          <p className="hero-type-card__stat">
            {t('recruit.primaryStat')}
            <strong>{primaryStatName(type.primaryStat)}</strong>
          </p>
        </div>
      </header>
      <p className="hero-type-card__description">{type.description}</p>
      <p className="hero-type-card__ability">
        <span className="hero-type-card__label">{t('recruit.specialAbility')}</span>
        {type.specialAbility}
      </p>
      <footer className="hero-type-card__foot">
        <ActionButton className="button button--small" onClick={onRecruit} disabled={block !== null} pending={recruit.pending} title={block ?? undefined}>
          {t('recruit.submit')}
        </ActionButton>
      </footer>
      <ActionOutcome message={recruit.outcome} />
    </article>
  );
}
