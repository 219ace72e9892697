// The village page's warning after units starved: what hunger cost and when, for a day after (the overview's `starvation`).
import type { VillageOverview } from '../../api/villages';
import { UNITS, unitEntries } from '../../../rules/units';
import { formatNumber } from '../../../rules/format';
import { formatDateTime, formatTime } from '../../ui/dates';

/** Nothing unless the last read carried a starvation; the server keeps telling of it for 24 hours. */
export function StarvationNotice({ starvation }: { starvation: VillageOverview['starvation'] }) {
  if (!starvation) return null;
  const lost = unitEntries(starvation.units)
    .map(([type, count]) => `${formatNumber(count)} ${UNITS[type].name}`)
    .join(', ');
  return (
    <p className="alert village__starvation" role="alert">
      Your units starved: {lost} lost at{' '}
      <time dateTime={starvation.at} title={formatDateTime(starvation.at)}>
        {formatTime(starvation.at)}
      </time>{' '}
      — mead ran out. Raise mead production or train fewer units.
    </p>
  );
}
