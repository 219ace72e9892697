// One quest: title, status, expiry, description, objectives with a progress bar, rewards, and Start Quest while available.
import { useAtomValue } from 'jotai';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { startQuest, type Quest, type QuestsByType } from '../../api/quests';
import { questsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { questProgressPercent } from '../../../rules/quests';
import { ActionButton } from '../../ui/ActionButton';
import { formatDateTime } from '../../ui/dates';
import { questDescription, questTitle } from '../../i18n/quests';
import { ProgressBar } from '../../ui/ProgressBar';
import { ObjectiveList, RewardList } from '../../ui/QuestParts';

/** Each status's badge; its word is quests:status.<status>. */
const STATUS_BADGE: Record<Quest['status'], string> = {
  available: 'badge--gold',
  in_progress: 'badge--blue',
  completed: 'badge--green',
  expired: 'badge--grey',
};

export interface QuestCardProps {
  quest: Quest;
}

/** The quests with `quest` (as the server now has it) in place of the old one. */
function withQuest(book: QuestsByType, quest: Quest): QuestsByType {
  const replace = (list: Quest[]) => list.map((q) => (q.id === quest.id ? quest : q));
  return { tutorial: replace(book.tutorial), daily: replace(book.daily), weekly: replace(book.weekly), special: replace(book.special), story: replace(book.story) };
}

export function QuestCard({ quest }: QuestCardProps) {
  const { t } = useTranslation('quests');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const { queryKey } = questsQuery(viewer);
  const start = useMutation({
    mutationFn: () => startQuest(quest.id),
    // The reply is the quest, now in progress.
    onSuccess: (started) => client.setQueryData(queryKey, (book) => (book ? withQuest(book, started) : book)),
    // Quest-start failures are only logged; the list is read again to show the quest as it really is.
    onError: (error) => {
      console.error('Starting the quest failed', error);
      return client.invalidateQueries({ queryKey });
    },
  });
  const status = quest.status in STATUS_BADGE ? quest.status : 'available';
  const title = questTitle(quest);
  const objectives = quest.objectives ?? {};
  const progress = quest.progress ?? {};
  const share = questProgressPercent(objectives, progress);

  return (
    <article className={`quest-card quest-card--${quest.status}`} aria-label={title}>
      <header className="quest-card__head">
        <h3 className="quest-card__title">{title}</h3>
        <span className={`badge ${STATUS_BADGE[status]}`}>{t(`status.${status}`)}</span>
      </header>
      {quest.expiresAt && (
        <p className="quest-card__expiry">
          {quest.status === 'expired' ? t('expired') : t('expires')} <time dateTime={quest.expiresAt}>{formatDateTime(quest.expiresAt)}</time>
        </p>
      )}
      <p className="quest-card__description">{questDescription(quest)}</p>
      <div className="quest-card__section">
        <h4 className="quest-card__subtitle">{t('objectives')}</h4>
        <ObjectiveList objectives={objectives} progress={progress} />
      </div>
      <ProgressBar label={t('progress')} value={share} tone={share >= 100 ? 'good' : 'normal'} />
      <div className="quest-card__section">
        <h4 className="quest-card__subtitle">{t('rewards')}</h4>
        <RewardList rewards={quest.rewards ?? {}} />
      </div>
      {quest.status === 'available' && (
        <footer className="quest-card__foot">
          <ActionButton className="button button--small" onClick={() => start.mutate()} pending={start.isPending}>
            {t('start')}
          </ActionButton>
        </footer>
      )}
    </article>
  );
}
