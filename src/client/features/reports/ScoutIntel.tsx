// What surviving scouts saw in a scouted village: its resources, its troops at home and stationed there, and its defences when enough came back.
import { useTranslation } from 'react-i18next';
import type { BattleReport, UnitCounts } from '../../api/army';
import { RESOURCE_TYPES } from '../../../rules/resources';
import { formatNumber } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { unitEntries } from '../../../rules/units';
import { BuildingIcon, BuildingName } from '../../ui/BuildingIcon';
import { ResourceIcon } from '../../ui/icons';
import { UnitName } from '../../ui/UnitIcon';

type Intel = NonNullable<BattleReport['intel']>;
type Seen = NonNullable<Intel['defences']>['buildings'];

/** Each type's levels, highest first, in the order the types first stand (the wall has its own line). */
function levelsByType(buildings: Seen): [Seen[number]['type'], number[]][] {
  const byType = new Map<Seen[number]['type'], number[]>();
  for (const b of buildings) if (b.type !== 'wall') byType.set(b.type, [...(byType.get(b.type) ?? []), b.level]);
  return [...byType].map(([type, levels]) => [type, levels.sort((a, b) => b - a)]);
}

function TroopList({ label, units }: { label: string; units: UnitCounts }) {
  const { t } = useTranslation('reports');
  const entries = unitEntries(units);
  return (
    <div className="report-intel__troops">
      <h5>{label}</h5>
      {entries.length === 0 ? (
        <p className="muted">{t('none')}</p>
      ) : (
        <ul aria-label={label}>
          {entries.map(([type, count]) => (
            <li key={type}>
              <UnitName type={type} /> {formatNumber(count)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ScoutIntel({ intel, villageName }: { intel: Intel; villageName: string }) {
  const { t } = useTranslation('reports');
  return (
    <section className="report-intel" aria-label={t('intel.label')} data-testid="scout-intel">
      <h4>{t('intel.title', { village: villageName })}</h4>
      <ul className="report__loot" aria-label={t('intel.resources')}>
        {RESOURCE_TYPES.map((type) => (
          <li key={type} title={resourceName(type)}>
            <ResourceIcon type={type} size={14} /> {resourceName(type)} {formatNumber(intel.resources[type])}
          </li>
        ))}
      </ul>
      <div className="report-intel__columns">
        <TroopList label={t('intel.atHome')} units={intel.troops} />
        <TroopList label={t('intel.stationed')} units={intel.stationed} />
        {intel.defences ? (
          <div className="report-intel__troops">
            <h5>{t('intel.defences')}</h5>
            <ul aria-label={t('intel.defences')}>
              <li>
                <span className="icon-label">
                  <BuildingIcon type="wall" size={20} />
                  {t('intel.wallLevel', { level: intel.defences.wallLevel })}
                </span>
              </li>
              {levelsByType(intel.defences.buildings).map(([type, levels]) => (
                <li key={type}>
                  <BuildingName type={type} /> {levels.join(', ')}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="muted">{t('intel.tooFew')}</p>
        )}
      </div>
    </section>
  );
}
