// A vacation on a village: 'On vacation until 12 Mar 2026, 14:05', gone once that instant has passed on this clock.
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './dates';
import { usePassed } from './usePassed';
import './vacation-mark.css';

export interface VacationMarkProps {
  /** When the owner's vacation ends, as the server said (ISO). */
  until: string;
  /** How far the server's clock is ahead of this one, in ms (0 when unknown). */
  serverOffsetMs: number;
}

/** Nothing once the instant has passed: the server owns the instant, the client only waits for it. */
export function VacationMark({ until, serverOffsetMs }: VacationMarkProps) {
  const { t } = useTranslation('common');
  const endsAt = Date.parse(until);
  const ended = usePassed(Number.isFinite(endsAt) ? endsAt - serverOffsetMs : null);
  if (!Number.isFinite(endsAt) || ended) return null;
  return (
    <span className="vacation-mark" data-testid="vacation-mark">
      <span className="vacation-mark__icon" aria-hidden="true">
        ⏾
      </span>{' '}
      {t('vacation.until')} <time dateTime={until}>{formatDateTime(until)}</time>
    </span>
  );
}
