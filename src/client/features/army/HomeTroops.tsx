// The troops standing at home in each of the player's villages, and how many are still in training.
import type { Village } from '../../api/villages';
import { formatNumber } from '../../../rules/format';
import { UnitName } from '../../ui/UnitIcon';
import type { HomeTroops as Troops } from './useHomeTroops';

export function HomeTroops({ villages, troops, failed, onRetry }: { villages: readonly Village[]; troops: Troops; failed: boolean; onRetry: () => void }) {
  return (
    <section className="card army-home" aria-labelledby="army-home-title">
      <h2 id="army-home-title">Troops at home</h2>
      {failed && (
        <p className="alert alert--compact" role="alert">
          Could not load your troops.{' '}
          <button type="button" className="link-button" onClick={onRetry}>
            Try again
          </button>
        </p>
      )}
      {villages.map((village) => {
        const read = troops.get(village.id);
        const units = (read?.units ?? []).filter((u) => u.count > 0 || u.isTraining);
        return (
          <article key={village.id} className="army-home__village" aria-label={`Troops in ${village.name}`}>
            <h3>
              {village.name} <span className="muted">({village.x}|{village.y})</span>
            </h3>
            {!read ? (
              <p className="muted">Loading...</p>
            ) : units.length === 0 ? (
              <p className="muted">No troops at home.</p>
            ) : (
              <ul className="army-home__units">
                {units.map((u) => {
                  const queued = (u.trainingQueue ?? []).reduce((sum, o) => sum + o.count, 0);
                  return (
                    <li key={u.type}>
                      <UnitName type={u.type} />
                      <strong>{formatNumber(u.count)}</strong>
                      {queued > 0 && <span className="muted"> +{formatNumber(queued)} in training</span>}
                    </li>
                  );
                })}
              </ul>
            )}
          </article>
        );
      })}
    </section>
  );
}
