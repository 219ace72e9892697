// What a quest asks and what it gives, as both the quests page and the tutorial overlay show them.
import { useTranslation } from 'react-i18next';
import { RESOURCE_TYPES } from '../../rules/resources';
import { isUnitType } from '../../rules/units';
import { formatNumber } from '../i18n/format';
import { resourceName, unitName } from '../i18n/game';
import { objectiveText } from '../i18n/quests';
import { ResourceIcon } from './icons';
import { UnitIcon } from './UnitIcon';
import './quest-parts.css';

/** A whole, non-negative count from whatever the server sent (bad data shows as 0, never crashes the page). */
function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

export interface ObjectiveListProps {
  /** Objective name (e.g. 'building_upgraded:barracks') to target. */
  objectives: Readonly<Record<string, number>>;
  /** Objective name to the count reached. */
  progress: Readonly<Record<string, number>>;
}

/** Each objective in words with how far it is: 'Upgrade Barracks 0/1'. */
export function ObjectiveList({ objectives, progress }: ObjectiveListProps) {
  const { t } = useTranslation('common');
  const names = Object.keys(objectives ?? {});
  if (names.length === 0) return <p className="muted objectives--none">{t('quest.noObjectives')}</p>;
  return (
    <ul className="objectives" aria-label={t('quest.objectives')}>
      {names.map((name) => {
        const target = count(objectives[name]);
        const reached = Math.min(count(progress?.[name]), target);
        const met = reached >= target;
        return (
          <li key={name} className={met ? 'objectives__item objectives__item--met' : 'objectives__item'}>
            <span className="objectives__mark" aria-hidden="true">
              {met ? '✓' : '○'}
            </span>
            <span className="objectives__name">{objectiveText(name)}</span>
            <span className="objectives__count">
              {reached}/{target}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export interface RewardListProps {
  rewards: {
    resources?: Readonly<Partial<Record<string, number>>>;
    units?: Readonly<Partial<Record<string, number>>>;
  };
}

/** The resources and units a quest gives: '100 Timber', '2 × Bondi'. */
export function RewardList({ rewards }: RewardListProps) {
  const { t } = useTranslation('common');
  const resources = RESOURCE_TYPES.map((type) => ({ type, amount: count(rewards?.resources?.[type]) })).filter((r) => r.amount > 0);
  const units = Object.entries(rewards?.units ?? {})
    .map(([type, n]) => ({ type, amount: count(n) }))
    .filter((u) => u.amount > 0);
  if (resources.length === 0 && units.length === 0) return <p className="muted rewards--none">{t('quest.noRewards')}</p>;
  return (
    <ul className="rewards" aria-label={t('quest.rewards')}>
      {resources.map((r) => (
        <li key={r.type} className="rewards__item">
          <ResourceIcon type={r.type} size={16} />
          <span className="rewards__amount">{formatNumber(r.amount)}</span> <span className="rewards__name">{resourceName(r.type)}</span>
        </li>
      ))}
      {units.map((u) => (
        <li key={u.type} className="rewards__item rewards__item--unit">
          <span className="rewards__amount">{t('quest.unitCount', { amount: u.amount })}</span>{' '}
          {isUnitType(u.type) && <UnitIcon type={u.type} size={18} />}
          <span className="rewards__name">{isUnitType(u.type) ? unitName(u.type) : u.type}</span>
        </li>
      ))}
    </ul>
  );
}
