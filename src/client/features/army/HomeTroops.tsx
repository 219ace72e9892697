// The troops standing at home in each of the player's villages, and how many are still in training.
import type { Village } from '../../api/villages';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { UnitName } from '../../ui/UnitIcon';
import type { HomeTroops as Troops } from './useHomeTroops';

export function HomeTroops({ villages, troops, failed, onRetry }: { villages: readonly Village[]; troops: Troops; failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation('army');
  return (
    <section className="card army-home" aria-labelledby="army-home-title">
      <h2 id="army-home-title">{t('home.title')}</h2>
      {failed && (
        <p className="alert alert--compact" role="alert">
          {t('home.failed')}{' '}
          <button type="button" className="link-button" onClick={onRetry}>
            {t('home.retry')}
          </button>
        </p>
      )}
      {villages.map((village) => {
        const read = troops.get(village.id);
        const units = (read?.units ?? []).filter((u) => u.count > 0 || u.isTraining);
        return (
          <article key={village.id} className="army-home__village" aria-label={t('home.villageLabel', { name: village.name })}>
            <h3>
              {village.name} <span className="muted">({village.x}|{village.y})</span>
            </h3>
            {!read ? (
              <p className="muted">{t('loading')}</p>
            ) : units.length === 0 ? (
              <p className="muted">{t('home.empty')}</p>
            ) : (
              <ul className="army-home__units">
                {units.map((u) => {
                  const queued = (u.trainingQueue ?? []).reduce((sum, o) => sum + o.count, 0);
                  return (
                    <li key={u.type}>
                      <UnitName type={u.type} />
                      <strong>{formatNumber(u.count)}</strong>
                      {queued > 0 && <span className="muted">{t('home.inTraining', { count: queued, n: formatNumber(queued) })}</span>}
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
