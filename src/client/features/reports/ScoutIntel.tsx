// What surviving scouts saw in a scouted village: its resources, its troops at home and stationed there, and its defences when enough came back.
import type { BattleReport, UnitCounts } from '../../api/army';
import { formatNumber } from '../../../rules/format';
import { RESOURCE_NAMES, RESOURCE_TYPES } from '../../../rules/resources';
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
  const entries = unitEntries(units);
  return (
    <div className="report-intel__troops">
      <h5>{label}</h5>
      {entries.length === 0 ? (
        <p className="muted">None</p>
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
  return (
    <section className="report-intel" aria-label="What the scouts saw" data-testid="scout-intel">
      <h4>What the scouts saw in {villageName}</h4>
      <ul className="report__loot" aria-label="Resources">
        {RESOURCE_TYPES.map((type) => (
          <li key={type} title={RESOURCE_NAMES[type]}>
            <ResourceIcon type={type} size={14} /> {RESOURCE_NAMES[type]} {formatNumber(intel.resources[type])}
          </li>
        ))}
      </ul>
      <div className="report-intel__columns">
        <TroopList label="Troops at home" units={intel.troops} />
        <TroopList label="Stationed there" units={intel.stationed} />
        {intel.defences ? (
          <div className="report-intel__troops">
            <h5>Defences</h5>
            <ul aria-label="Defences">
              <li>
                <span className="icon-label">
                  <BuildingIcon type="wall" size={20} />
                  Wall level {intel.defences.wallLevel}
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
          <p className="muted">Too few scouts came back to see the defences.</p>
        )}
      </div>
    </section>
  );
}
