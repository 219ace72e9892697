// A beginner-protection shield: 'Under beginner protection · ends in 2h 14m 5s', counted down to the server's instant on this clock.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrivalCountdown } from './ArrivalCountdown';
import './protection-shield.css';

export interface ProtectionShieldProps {
  /** When the protection ends, as the server said (ISO). */
  until: string;
  /** How far the server's clock is ahead of this one, in ms (0 when unknown). */
  serverOffsetMs: number;
  /** Called once when the countdown reaches zero (the shield is gone from then on). */
  onEnd?: () => void;
}

/** Nothing once the instant has passed: the server owns the instant, the client only counts down to it. */
export function ProtectionShield({ until, serverOffsetMs, onEnd }: ProtectionShieldProps) {
  const endsAt = Date.parse(until) - serverOffsetMs;
  if (!Number.isFinite(endsAt)) return null;
  return <ShieldUntil key={endsAt} endsAt={endsAt} onEnd={onEnd} />;
}

function ShieldUntil({ endsAt, onEnd }: { endsAt: number; onEnd?: () => void }) {
  const { t } = useTranslation('common');
  const [ended, setEnded] = useState(() => Date.now() >= endsAt);
  if (ended) return null;
  return (
    <span className="protection-shield" data-testid="protection-shield">
      {/* Drawn, not an emoji: a system without an emoji font showed an empty box. */}
      <svg className="protection-shield__icon" width={14} height={14} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3z" fill="currentColor" />
      </svg>{' '}
      {t('protection.endsIn')}{' '}
      <ArrivalCountdown
        until={endsAt}
        onDone={() => {
          setEnded(true);
          onEnd?.();
        }}
      />
    </span>
  );
}
