// The village page's warning after units starved: what hunger cost and when, for a day after (the overview's `starvation`).
import { Trans, useTranslation } from 'react-i18next';
import type { VillageOverview } from '../../api/villages';
import { unitEntries } from '../../../rules/units';
import { formatDateTime, formatNumber, formatTime } from '../../i18n/format';
import { unitName } from '../../i18n/game';

/** Nothing unless the last read carried a starvation; the server keeps telling of it for 24 hours. */
export function StarvationNotice({ starvation }: { starvation: VillageOverview['starvation'] }) {
  const { t } = useTranslation('village');
  if (!starvation) return null;
  const lost = unitEntries(starvation.units)
    .map(([type, count]) => t('starvation.units', { amount: formatNumber(count), unit: unitName(type) }))
    .join(', ');
  return (
    <p className="alert village__starvation" role="alert">
      <Trans
        t={t}
        i18nKey="starvation.text"
        values={{ lost }}
        components={{
          time: (
            <time dateTime={starvation.at} title={formatDateTime(starvation.at)}>
              {formatTime(starvation.at)}
            </time>
          ),
        }}
      />
    </p>
  );
}
