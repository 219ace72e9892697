// The fields of a farm list row's unit template: a count per unit type (those at home and those the template names, or every type on request).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unitName } from '../../i18n/game';
import type { UnitCounts } from '../../api/army';
import { UNITS } from '../../../rules/units';
import { UnitIcon } from '../../ui/UnitIcon';
import { templateFrom, templateTypes } from './farmModel';

export interface UnitTemplateProps {
  /** What each field holds, by unit type. */
  counts: Readonly<Record<string, string>>;
  onChange: (counts: Record<string, string>) => void;
  /** The units at home in the list's village: their types are offered first. */
  home: UnitCounts;
  /** Names the fields (`Viking Raider for Birka`), so several templates on one page stay apart. */
  forWhom: string;
}

export function UnitTemplate({ counts, onChange, home, forWhom }: UnitTemplateProps) {
  const { t } = useTranslation('army');
  const [all, setAll] = useState(false);
  const types = templateTypes(home, templateFrom(counts), all);
  return (
    <div className="farm-template">
      {types.map((type) => (
        <label key={type} className="farm-template__unit" title={unitName(type)}>
          <UnitIcon type={type} size={22} />
          <input
            aria-label={t('farm.template.field', { unit: unitName(type), whom: forWhom })}
            className="input"
            type="number"
            min={0}
            inputMode="numeric"
            placeholder="0"
            value={counts[type] ?? ''}
            onChange={(e) => onChange({ ...counts, [type]: e.target.value })}
          />
          <span className="farm-template__home muted" aria-hidden="true">
            {home[type] ?? 0}
          </span>
        </label>
      ))}
      {!all && types.length < Object.keys(UNITS).length && (
        <button type="button" className="button button--ghost button--small" onClick={() => setAll(true)}>
          {t('farm.template.allTypes')}
        </button>
      )}
    </div>
  );
}
