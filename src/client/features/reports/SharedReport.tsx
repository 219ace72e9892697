// A battle report shown outside the reports page (shared in a message): the same card, opened and closed on its own.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BattleReport } from '../../api/army';
import { ReportCard } from './ReportCard';
import './reports.css';

export function SharedReport({ report }: { report: BattleReport }) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(true);
  return (
    <ul className="report-list" aria-label={t('shared')}>
      <ReportCard report={report} open={open} onToggle={() => setOpen((was) => !was)} />
    </ul>
  );
}
