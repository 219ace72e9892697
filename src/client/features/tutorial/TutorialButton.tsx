// The top bar's tutorial button: shows how far the tutorial is and opens the overlay.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../i18n/format';
import { TutorialOverlay } from './TutorialOverlay';
import { useTutorialStatus, useTutorialSync } from './useTutorialSync';
import './tutorial.css';

/** '33%' (German '33 %') from the server's percentage, whatever it sent. */
export function percentText(value: number | undefined): string {
  const percent = typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.floor(value))) : 0;
  return formatPercent(percent);
}

/** The bar's width: a CSS length, the same in every language. */
function barWidth(value: number | undefined): string {
  const percent = typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.floor(value))) : 0;
  return `${percent}%`;
}

export function TutorialButton() {
  const { t } = useTranslation('tutorial');
  const status = useTutorialStatus().data ?? null;
  const [open, setOpen] = useState(false);
  useTutorialSync();

  const done = status?.isCompleted === true;
  return (
    <>
      <button
        type="button"
        className={done ? 'tutorial-button tutorial-button--done' : 'tutorial-button'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span className="tutorial-button__label">{t('button')}</span>{' '}
        {status && <span className="tutorial-button__percent">{percentText(status.progressPercentage)}</span>}
        {status && (
          <span className="tutorial-button__bar" aria-hidden="true">
            <span style={{ width: barWidth(status.progressPercentage) }} />
          </span>
        )}
      </button>
      <TutorialOverlay open={open} onClose={() => setOpen(false)} />
    </>
  );
}
