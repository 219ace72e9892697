// The alliance effects tab: what the wonders of the player's alliance give in this world, in percent and points, and their special abilities.
import type { AllianceEffects } from '../../api/wonders';
import { formatPercent } from './model';

export function EffectsTab({ effects }: { effects: AllianceEffects }) {
  const figures = [
    { label: 'Resource production', value: `+${formatPercent(effects.resourceBonus)}%` },
    { label: 'Defense bonus', value: `+${formatPercent(effects.defenseBonus)}%` },
    { label: 'Combat bonus', value: `+${formatPercent(effects.combatBonus)}%` },
    { label: 'Prestige points', value: formatPercent(effects.prestigePoints) },
  ];
  return (
    <div className="wonder-effects">
      <p className="muted wonder-effects__intro">
        The wonders of your alliance in this world (your own, outside an alliance) give these bonuses; each grows with the wonder's level.
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
          Special abilities
        </h2>
        {effects.specialAbilities.length === 0 ? (
          <p className="muted">None yet: a wonder grants its ability once its first level stands.</p>
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
