// One quest: title, status, expiry, description, objectives with a progress bar, rewards, and Start Quest while available.
import { useState } from 'react';
import { startQuest, type Quest } from '../../api/quests';
import { questProgressPercent } from '../../../rules/quests';
import { formatDateTime } from '../../ui/dates';
import { ProgressBar } from '../../ui/ProgressBar';
import { ObjectiveList, RewardList } from '../../ui/QuestParts';

const STATUS: Record<Quest['status'], { label: string; badge: string }> = {
  available: { label: 'Available', badge: 'badge--gold' },
  in_progress: { label: 'In Progress', badge: 'badge--blue' },
  completed: { label: 'Completed', badge: 'badge--green' },
  expired: { label: 'Expired', badge: 'badge--grey' },
};

export interface QuestCardProps {
  quest: Quest;
  /** Reloads the list after the quest was started (or refused). */
  onChanged: () => Promise<void>;
}

export function QuestCard({ quest, onChanged }: QuestCardProps) {
  const [starting, setStarting] = useState(false);
  const status = STATUS[quest.status] ?? STATUS.available;
  const objectives = quest.objectives ?? {};
  const progress = quest.progress ?? {};
  const share = questProgressPercent(objectives, progress);

  async function onStart() {
    setStarting(true);
    try {
      await startQuest(quest.id);
    } catch (error) {
      // Quest-start failures are only logged; the reload below shows the quest as it really is.
      console.error('Starting the quest failed', error);
    }
    await onChanged();
    setStarting(false);
  }

  return (
    <article className={`quest-card quest-card--${quest.status}`} aria-label={quest.title}>
      <header className="quest-card__head">
        <h3 className="quest-card__title">{quest.title}</h3>
        <span className={`badge ${status.badge}`}>{status.label}</span>
      </header>
      {quest.expiresAt && (
        <p className="quest-card__expiry">
          {quest.status === 'expired' ? 'Expired' : 'Expires'} <time dateTime={quest.expiresAt}>{formatDateTime(quest.expiresAt)}</time>
        </p>
      )}
      <p className="quest-card__description">{quest.description}</p>
      <div className="quest-card__section">
        <h4 className="quest-card__subtitle">Objectives</h4>
        <ObjectiveList objectives={objectives} progress={progress} />
      </div>
      <ProgressBar label="Progress" value={share} tone={share >= 100 ? 'good' : 'normal'} />
      <div className="quest-card__section">
        <h4 className="quest-card__subtitle">Rewards</h4>
        <RewardList rewards={quest.rewards ?? {}} />
      </div>
      {quest.status === 'available' && (
        <footer className="quest-card__foot">
          <button type="button" className="button button--small" onClick={onStart} disabled={starting}>
            Start Quest
          </button>
        </footer>
      )}
    </article>
  );
}
