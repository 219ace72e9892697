// /game/quests: completion so far, and the quests by type in five tabs, each with objectives, progress and rewards.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { questSummaryQuery, questsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { QUEST_TYPES, type QuestType } from '../../../rules/quests';
import { ProgressBar } from '../../ui/ProgressBar';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { QuestCard } from './QuestCard';
import { QuestSummary, percent } from './QuestSummary';
import './quests.css';

export const QUEST_TYPE_NAMES: Record<QuestType, string> = {
  tutorial: 'Tutorial',
  daily: 'Daily',
  weekly: 'Weekly',
  special: 'Special',
  story: 'Story',
};

export default function QuestsPage() {
  const viewer = useAtomValue(userIdAtom);
  // Failures are only logged; the page offers a retry.
  const list = useQuery(questsQuery(viewer));
  const totals = useQuery(questSummaryQuery(viewer));
  const [tab, setTab] = useState<QuestType>('tutorial');
  const quests = list.data ?? null;
  const summary = totals.data ?? null;
  const failed = list.isError;

  function load() {
    void list.refetch();
    void totals.refetch();
  }

  if (!quests) {
    return (
      <section className="page quests" aria-labelledby="quests-title">
        <h1 id="quests-title" className="page__title">
          Quests
        </h1>
        {failed ? (
          <div className="card quests__failed">
            <p>Could not load your quests.</p>
            <button type="button" className="button button--secondary" onClick={load}>
              Try again
            </button>
          </div>
        ) : (
          <Spinner label="Loading quests..." />
        )}
      </section>
    );
  }

  return (
    <section className="page quests" aria-labelledby="quests-title">
      <header className="page__header quests__header">
        <h1 id="quests-title" className="page__title">
          Quests
        </h1>
        {summary && (
          <div className="quests__completion">
            <p className="quests__completion-text">
              <strong>
                {summary.completedQuests}/{summary.totalQuests}
              </strong>{' '}
              completed <span className="quests__completion-percent">{percent(summary.completionRate)}</span>
            </p>
            <ProgressBar label="Quest completion" value={summary.completionRate} hideLabel tone="good" />
          </div>
        )}
      </header>

      {summary && <QuestSummary summary={summary} />}

      <Tabs<QuestType>
        label="Quest types"
        selected={tab}
        onSelect={setTab}
        tabs={QUEST_TYPES.map((type) => {
          const list = quests[type] ?? [];
          return {
            id: type,
            label: (
              <>
                {QUEST_TYPE_NAMES[type]} <span className="quests__count">({list.length})</span>
              </>
            ),
            panel:
              list.length === 0 ? (
                <p className="card quests__empty">No {type} quests available</p>
              ) : (
                <div className="quest-list">
                  {list.map((quest) => (
                    <QuestCard key={quest.id} quest={quest} />
                  ))}
                </div>
              ),
          };
        })}
      />
    </section>
  );
}
