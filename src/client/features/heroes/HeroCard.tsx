// One of the player's heroes: picture, name, rarity, level, the four stats, experience, battle record and status, with Level Up and Details.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { heroTypeName } from '../../i18n/game';
import { useAtomValue } from 'jotai';
import type { Hero, HeroTypeInfo } from '../../api/heroes';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ArtIcon } from '../../ui/ArtIcon';
import { ProgressBar } from '../../ui/ProgressBar';
import { MESSAGES, experienceBar, heroStatus, heroStatusName, rarityName, showsLevelUp } from './model';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useLevelUp } from './useHeroes';

/** The four stats shown, each named by heroes:stats.<stat>. */
const STATS = ['attack', 'defense', 'speed', 'leadership'] as const;

const STATUS_CLASS = { 'on mission': 'away', 'ready for action': 'ready', resting: 'resting' } as const;

export interface HeroCardProps {
  hero: Hero;
  /** The hero's type as the server describes it (undefined until the types are read). */
  type: HeroTypeInfo | undefined;
}

export function HeroCard({ hero, type }: HeroCardProps) {
  const { t } = useTranslation('heroes');
  const levelUp = useLevelUp(useAtomValue(userIdAtom), hero.id);
  const [showDetails, setShowDetails] = useState(false);
  const status = heroStatus(hero);
  const bar = experienceBar(hero);
  const typeName = heroTypeName(hero.type);

  return (
    <article className={`hero-card hero-card--${hero.rarity}`} aria-label={hero.name}>
      <header className="hero-card__head">
        <ArtIcon icon={type?.icon ?? `heroes/${hero.type}.svg`} name={typeName} size={52} className="card-icon" />
        <div className="card-title">
          <h3 className="hero-card__name">{hero.name}</h3>
          <p className="hero-card__type">
            <span>{typeName}</span>
            <span className={`hero-rarity hero-rarity--${hero.rarity}`}>{rarityName(hero.rarity)}</span>
          </p>
          <p className={`hero-card__status hero-card__status--${STATUS_CLASS[status]}`}>{heroStatusName(status)}</p>
        </div>
        <span className="badge badge--gold hero-card__level">{t('card.level', { level: hero.level })}</span>
      </header>

      <dl className="hero-stats">
        {STATS.map((stat) => (
          <div key={stat} className="hero-stats__item">
            <dt>{t(`stats.${stat}`)}</dt>
            <dd>{hero[stat]}</dd>
          </div>
        ))}
      </dl>

      <ProgressBar label={t('card.experience')} value={bar.value} max={bar.max} valueText={bar.text} />

      <p className="hero-card__record">
        <span>
          {t('card.victories')}
          <strong>{hero.victories}</strong>
        </span>
        <span>
          {t('card.defeats')}
          <strong>{hero.defeats}</strong>
        </span>
      </p>

      <footer className="hero-card__foot">
        {showsLevelUp(hero) && (
          <ActionButton className="button button--small" onClick={() => levelUp.run()} pending={levelUp.pending}>
            {t('card.levelUp')}
          </ActionButton>
        )}
        <button
          type="button"
          className="button button--small button--secondary"
          aria-expanded={showDetails}
          onClick={() => setShowDetails((shown) => !shown)}
        >
          {t('card.details')}
        </button>
      </footer>
      {showDetails && (
        <p className="hero-card__note" role="status">
          {MESSAGES.detailsComingSoon}
        </p>
      )}
      <ActionOutcome message={levelUp.outcome} />
    </article>
  );
}
