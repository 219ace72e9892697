// A battle report shown outside the reports page (shared in a message): the same card, opened and closed on its own.
import { useState } from 'react';
import type { BattleReport } from '../../api/army';
import { ReportCard } from './ReportCard';
import './reports.css';

export function SharedReport({ report }: { report: BattleReport }) {
  const [open, setOpen] = useState(true);
  return (
    <ul className="report-list" aria-label="Battle report">
      <ReportCard report={report} open={open} onToggle={() => setOpen((was) => !was)} />
    </ul>
  );
}
