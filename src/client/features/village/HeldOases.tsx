// The oases the village holds, each with the production bonus it adds (already counted in the resource cards above).
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../../state/session';
import { villageOasesQuery } from '../../state/queries';
import { formatPercent } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { OASIS_SLOT_LEVELS } from '../../../rules/oases';

export function HeldOases({ villageId }: { villageId: string }) {
  const { t } = useTranslation('village');
  const viewerId = useAtomValue(userAtom)?.id ?? null;
  const nearby = useQuery(villageOasesQuery(viewerId, villageId)).data ?? [];
  const held = nearby.filter((o) => o.claimedByVillageId === villageId);
  return (
    <section className="card" aria-labelledby="oases-title">
      <h2 id="oases-title">{t('oases.title')}</h2>
      {held.length === 0 ? (
        <p className="muted">{t('oases.none', { levels: OASIS_SLOT_LEVELS.join(', ') })}</p>
      ) : (
        <ul className="plain-list" aria-label={t('oases.label')}>
          {held.map((o) => (
            <li key={`${o.x}|${o.y}`} className="plain-list__item">
              <Link className="plain-list__name" to={`/game/map?x=${o.x}&y=${o.y}`}>
                {t('oases.oasis', { x: o.x, y: o.y })}
              </Link>
              <span className="badge badge--green">{o.bonuses.map((b) => t('oases.bonus', { percent: formatPercent(b.percent), resource: resourceName(b.resourceType) })).join(', ')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
