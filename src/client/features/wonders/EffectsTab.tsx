// The alliance effects tab: what the wonders of the player's alliance give in this world, in percent and points, and their special abilities.
import { useTranslation } from 'react-i18next';
import type { AllianceEffects } from '../../api/wonders';
import { formatPercent } from './model';

export function EffectsTab({ effects }: { effects: AllianceEffects }) {
  const { t } = useTranslation('wonders');
  const figures = [
    { label: t('effects.resourceProduction'), value: t('effects.plusPercent', { value: formatPercent(effects.resourceBonus) }) },
    { label: t('effects.defense'), value: t('effects.plusPercent', { value: formatPercent(effects.defenseBonus) }) },
    { label: t('effects.combat'), value: t('effects.plusPercent', { value: formatPercent(effects.combatBonus) }) },
    { label: t('effects.prestige'), value: formatPercent(effects.prestigePoints) },
  ];
  return (
    <div className="wonder-effects">
      <p className="muted wonder-effects__intro">
        {t('effects.intro')}
      </p>
      <dl className="stat-tiles">
        {figures.map((f) => (
          <div key={f.label} className="stat-tile">
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <section className="card wonder-effects__abilities" aria-labelledby="wonder-abilities-title">
        <h2 id="wonder-abilities-title" className="section-title">
          {t('effects.abilities')}
        </h2>
        {effects.specialAbilities.length === 0 ? (
          <p className="muted">{t('effects.noAbilities')}</p>
        ) : (
          <ul className="wonder-effects__list">
            {effects.specialAbilities.map((ability) => (
              <li key={ability}>{ability}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
