// /game/quests: completion so far, and the quests by type in five tabs, each with objectives, progress and rewards.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { questSummaryQuery, questsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { QUEST_TYPES, type QuestType } from '../../../rules/quests';
import { ProgressBar } from '../../ui/ProgressBar';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { QuestCard } from './QuestCard';
import { QuestSummary, percent } from './QuestSummary';
import './quests.css';

export default function QuestsPage() {
  const { t } = useTranslation('quests');
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
          {t('title')}
        </h1>
        {failed ? (
          <div className="card quests__failed">
            <p>{t('failed')}</p>
            <button type="button" className="button button--secondary" onClick={load}>
              {t('tryAgain')}
            </button>
          </div>
        ) : (
          <Spinner label={t('loading')} />
        )}
      </section>
    );
  }

  return (
    <section className="page quests" aria-labelledby="quests-title">
      <header className="page__header quests__header">
        <h1 id="quests-title" className="page__title">
          {t('title')}
        </h1>
        {summary && (
          <div className="quests__completion">
            <p className="quests__completion-text">
              <Trans
                t={t}
                i18nKey="completed"
                values={{ done: summary.completedQuests, total: summary.totalQuests, percent: percent(summary.completionRate) }}
                components={{ strong: <strong />, percent: <span className="quests__completion-percent" /> }}
              />
            </p>
            <ProgressBar label={t('completion')} value={summary.completionRate} hideLabel tone="good" />
          </div>
        )}
      </header>

      {summary && <QuestSummary summary={summary} />}

      <Tabs<QuestType>
        label={t('types')}
        selected={tab}
        onSelect={setTab}
        tabs={QUEST_TYPES.map((type) => {
          const list = quests[type] ?? [];
          return {
            id: type,
            label: (
              <>
                {t(`typeNames.${type}`)} <span className="quests__count">({list.length})</span>
              </>
            ),
            panel:
              list.length === 0 ? (
                <p className="card quests__empty">{t(`empty.${type}`)}</p>
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
