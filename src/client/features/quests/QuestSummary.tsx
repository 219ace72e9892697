// The summary of the quests page: tutorial progress, daily quests completed, and overall completion.
import type { QuestProgressSummary } from '../../api/quests';

/** '42%' from a server percentage, rounded down and kept within 0-100 whatever arrives. */
export function percent(value: number): string {
  const safe = Number.isFinite(value) ? Math.min(100, Math.max(0, Math.floor(value))) : 0;
  return `${safe}%`;
}

export function QuestSummary({ summary }: { summary: QuestProgressSummary }) {
  // An odd reply shows zeros rather than breaking the page.
  const tutorial = summary.tutorial ?? { percentage: 0, completed: 0, total: 0 };
  return (
    <dl className="stat-tiles quest-summary" aria-label="Quest summary">
      <div className="stat-tile">
        <dt>Tutorial</dt>
        <dd>
          {percent(tutorial.percentage)}{' '}
          <small>
            {tutorial.completed}/{tutorial.total} steps
          </small>
        </dd>
      </div>
      <div className="stat-tile">
        <dt>Daily quests completed</dt>
        <dd>{summary.dailyCompleted}</dd>
      </div>
      <div className="stat-tile">
        <dt>Overall completion</dt>
        <dd>
          {percent(summary.completionRate)}{' '}
          <small>
            {summary.completedQuests}/{summary.totalQuests} quests
          </small>
        </dd>
      </div>
    </dl>
  );
}
