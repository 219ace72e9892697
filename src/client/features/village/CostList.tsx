// A price in the four resources, each marked when the village cannot pay it yet, and an optional duration.
import { useTranslation } from 'react-i18next';
import { formatDuration, formatNumber } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { RESOURCE_TYPES, type Resources } from '../../../rules/resources';
import { ResourceIcon } from '../../ui/icons';

export function CostList({ cost, stock, seconds }: { cost: Resources; stock: Resources; seconds?: number }) {
  const { t } = useTranslation('village');
  return (
    <ul className="cost-list" aria-label={t('cost.label')}>
      {RESOURCE_TYPES.map((r) => {
        const short = Math.floor(stock[r]) < cost[r];
        return (
          <li key={r} className={short ? 'cost-list__item cost-list__item--short' : 'cost-list__item'} title={resourceName(r)}>
            <ResourceIcon type={r} size={15} />
            <span className="visually-hidden">{resourceName(r)} </span>
            {formatNumber(cost[r])}
          </li>
        );
      })}
      {seconds !== undefined && (
        <li className="cost-list__item cost-list__time" title={t('cost.time')}>
          <ClockIcon />
          <span className="visually-hidden">{t('cost.time')} </span>
          {formatDuration(seconds)}
        </li>
      )}
    </ul>
  );
}

function ClockIcon() {
  return (
    <svg className="icon" width={15} height={15} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="#a3adbb" strokeWidth="2" />
      <path d="M12 7 V12 L15.5 14" fill="none" stroke="#a3adbb" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
