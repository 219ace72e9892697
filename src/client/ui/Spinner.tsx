// A loading indicator with a readable label, announced politely to screen readers.
import { useTranslation } from 'react-i18next';
export interface SpinnerProps {
  label?: string;
  /** Fills the viewport (route-level loading) instead of sitting inline. */
  fullPage?: boolean;
}

export function Spinner({ label, fullPage = false }: SpinnerProps) {
  const { t } = useTranslation('common');
  return (
    <div className={fullPage ? 'spinner spinner--page' : 'spinner'} role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="spinner__label">{label ?? t('loading')}</span>
    </div>
  );
}
