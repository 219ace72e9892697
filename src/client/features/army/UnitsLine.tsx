// An army's units on one line, each type with its picture: 'Bondi 2, Viking Raider 5' in words, 'none' for an empty army.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitCounts } from '../../api/army';
import { unitEntries } from '../../../rules/units';
import { UnitName } from '../../ui/UnitIcon';

export function UnitsLine({ units }: { units: UnitCounts }) {
  const { t } = useTranslation('army');
  const entries = unitEntries(units);
  if (entries.length === 0) return <>{t('none')}</>;
  return (
    <>
      {entries.map(([type, count], i) => (
        <Fragment key={type}>
          {i > 0 && ', '}
          <span className="units-line__unit">
            <UnitName type={type} size={18} /> {count}
          </span>
        </Fragment>
      ))}
    </>
  );
}
