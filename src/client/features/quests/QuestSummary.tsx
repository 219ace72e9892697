// The summary of the quests page: tutorial progress, daily quests completed, and overall completion.
import { useTranslation } from 'react-i18next';
import type { QuestProgressSummary } from '../../api/quests';
import { formatPercent } from '../../i18n/format';

/** '42%' (German '42 %') from a server percentage, rounded down and kept within 0-100 whatever arrives. */
export function percent(value: number): string {
  const safe = Number.isFinite(value) ? Math.min(100, Math.max(0, Math.floor(value))) : 0;
  return formatPercent(safe);
}

export function QuestSummary({ summary }: { summary: QuestProgressSummary }) {
  const { t } = useTranslation('quests');
  // An odd reply shows zeros rather than breaking the page.
  const tutorial = summary.tutorial ?? { percentage: 0, completed: 0, total: 0 };
  return (
    <dl className="stat-tiles quest-summary" aria-label={t('summary.label')}>
      <div className="stat-tile">
        <dt>{t('summary.tutorial')}</dt>
        <dd>
          {percent(tutorial.percentage)}{' '}
          <small>
            {t('summary.steps', { done: tutorial.completed, total: tutorial.total })}
          </small>
        </dd>
      </div>
      <div className="stat-tile">
        <dt>{t('summary.daily')}</dt>
        <dd>{summary.dailyCompleted}</dd>
      </div>
      <div className="stat-tile">
        <dt>{t('summary.overall')}</dt>
        <dd>
          {percent(summary.completionRate)}{' '}
          <small>
            {t('summary.quests', { done: summary.completedQuests, total: summary.totalQuests })}
          </small>
        </dd>
      </div>
    </dl>
  );
}
