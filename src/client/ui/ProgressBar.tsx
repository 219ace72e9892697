// A labelled horizontal bar for percentages, resource fill, experience and construction progress.
import { formatPercent, useLanguage } from '../i18n/format';

export type ProgressTone = 'normal' | 'good' | 'warning' | 'danger';

export interface ProgressBarProps {
  value: number;
  max?: number;
  /** Accessible name; also shown above the bar unless hideLabel. */
  label: string;
  tone?: ProgressTone;
  hideLabel?: boolean;
  /** Text at the right of the label, e.g. '450 / 1000'; defaults to the rounded-down percent. */
  valueText?: string;
}

export function ProgressBar({ value, max = 100, label, tone = 'normal', hideLabel = false, valueText }: ProgressBarProps) {
  useLanguage();
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), safeMax);
  const percent = Math.floor((clamped / safeMax) * 100);
  const text = valueText ?? formatPercent(percent);
  return (
    <div className={`progress progress--${tone}`}>
      {!hideLabel && (
        <div className="progress__caption">
          <span>{label}</span>
          <span>{text}</span>
        </div>
      )}
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuenow={clamped}
        aria-valuetext={text}
      >
        {/* Scaled, not sized: a change glides on the compositor, where a width would lay the page out every frame. */}
        <div className="progress__fill" style={{ transform: `scaleX(${clamped / safeMax})` }} />
      </div>
    </div>
  );
}
