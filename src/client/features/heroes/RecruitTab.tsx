// The recruit tab: the next hero's price in the four resources and a card per hero type with its Recruit button.
import { useState } from 'react';
import { apiError } from '../../api/client';
import { recruitHero, type HeroTypeInfo, type RecruitmentCost } from '../../api/heroes';
import { formatNumber } from '../../../rules/format';
import { RESOURCE_NAMES, RESOURCE_TYPES } from '../../../rules/resources';
import { ArtIcon } from '../../ui/ArtIcon';
import { ResourceIcon } from '../../ui/icons';
import { MESSAGES, primaryStatName, recruitAnswer } from './model';
import { ActionOutcome, type OutcomeMessage } from '../../ui/ActionOutcome';

export interface RecruitTabProps {
  types: HeroTypeInfo[];
  /** null while the price for the selected village is read. */
  cost: RecruitmentCost | null;
  /** Why recruiting is refused now, or null. */
  block: string | null;
  /** The village that pays (the selected one); null without a village. */
  villageId: string | null;
  /** Reads heroes, price and stock again after recruiting. */
  onRecruited: () => Promise<void>;
}

export function RecruitTab({ types, cost, block, villageId, onRecruited }: RecruitTabProps) {
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
          <HeroTypeCard key={type.type} type={type} block={block} villageId={villageId} onRecruited={onRecruited} />
        ))}
      </div>
    </div>
  );
}

function HeroTypeCard({ type, block, villageId, onRecruited }: { type: HeroTypeInfo } & Pick<RecruitTabProps, 'block' | 'villageId' | 'onRecruited'>) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<OutcomeMessage | null>(null);

  async function onRecruit() {
    if (!villageId) return;
    const answer = recruitAnswer(window.prompt(`Name your new ${type.name} (leave empty and a skald will choose a name)`, ''));
    if (answer.kind === 'cancel') return;
    if (answer.kind === 'invalid') {
      setMessage({ kind: 'error', text: answer.message });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await recruitHero(villageId, type.type, answer.customName);
      setMessage({ kind: 'success', text: MESSAGES.recruited });
    } catch (failure) {
      setMessage({ kind: 'error', text: apiError(failure, MESSAGES.recruitFailed) });
    } finally {
      setBusy(false);
    }
    // Refused or not, the price, the count and the stock are shown as the server has them now.
    await onRecruited();
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
        <button type="button" className="button button--small" onClick={onRecruit} disabled={block !== null || busy} title={block ?? undefined}>
          Recruit
        </button>
      </footer>
      <ActionOutcome message={message} />
    </article>
  );
}
