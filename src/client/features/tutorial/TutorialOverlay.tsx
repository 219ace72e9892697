// The tutorial overlay: the current step with its objectives and rewards, hints, shortcuts to the pages it asks for, and skipping.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { reportTutorialAction, skipTutorial, type Hint, type TutorialStatus } from '../../api/tutorial';
import { tutorialHintsQuery } from '../../state/queries';
import { putQueryData } from '../../state/queryClient';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { Modal } from '../../ui/Modal';
import { ProgressBar } from '../../ui/ProgressBar';
import { ObjectiveList, RewardList } from '../../ui/QuestParts';
import { Spinner } from '../../ui/Spinner';
import { useTutorialStatus } from './useTutorialSync';
import { hintWords } from './hintWords';
import { questDescription, questHint, questTitle } from '../../i18n/quests';

/** The question before skipping, in English (tutorial:skipConfirm in the player's language; the tests quote it). */
export const SKIP_CONFIRMATION = 'Are you sure you want to skip the tutorial? You will miss out on guided learning and some rewards.';

const PRIORITY_BADGE: Record<Hint['priority'], string> = { high: 'badge--red', medium: 'badge--gold', low: 'badge--grey' };
const PRIORITIES: readonly Hint['priority'][] = ['high', 'medium', 'low'];

export interface TutorialOverlayProps {
  open: boolean;
  onClose: () => void;
}

function Hints({ step }: { step: string }) {
  const { t } = useTranslation('tutorial');
  // Load failures are only logged; the panel says it has nothing to show.
  const { data: hints, isError: failed } = useQuery(tutorialHintsQuery(useAtomValue(userIdAtom), step));

  if (failed) return <p className="muted">{t('noHints')}</p>;
  if (!hints) return <Spinner label={t('loadingHints')} />;
  if (hints.length === 0) return <p className="muted">{t('doingWell')}</p>;
  return (
    <ul className="tutorial-hints" aria-label={t('hintsLabel')}>
      {hints.map((hint, index) => {
        const words = hintWords(hint);
        return (
          <li key={`${hint.title}-${index}`} className={`tutorial-hint tutorial-hint--${hint.priority}`}>
            <div className="tutorial-hint__head">
              <strong>{words.title}</strong>
              <span className={`badge ${PRIORITY_BADGE[hint.priority] ?? 'badge--grey'}`}>
                {PRIORITIES.includes(hint.priority) ? t(`priority.${hint.priority}`) : hint.priority}
              </span>
            </div>
            <p>{words.message}</p>
          </li>
        );
      })}
    </ul>
  );
}

function CurrentStep({ status }: { status: TutorialStatus }) {
  const { t } = useTranslation('tutorial');
  const quest = status.currentQuest;
  if (status.isCompleted) {
    return (
      <div className="tutorial-step tutorial-step--done" role="status">
        <h3>{t('complete')}</h3>
        <p>{t('completeText')}</p>
      </div>
    );
  }
  if (!quest) return <p className="muted">{t('preparing')}</p>;
  return (
    <article className="tutorial-step" aria-label={t('currentStep')}>
      <h3 className="tutorial-step__title">{questTitle(quest)}</h3>
      <p className="tutorial-step__description">{questDescription(quest)}</p>
      <h4 className="tutorial-step__subtitle">{t('objectives')}</h4>
      <ObjectiveList objectives={quest.objectives} progress={quest.progress} />
      <h4 className="tutorial-step__subtitle">{t('rewards')}</h4>
      <RewardList rewards={quest.rewards} />
      {quest.metadata?.hint && (
        <p className="tutorial-step__tip">
          <Trans t={t} i18nKey="tip" values={{ hint: questHint(quest, quest.metadata.hint) }} components={{ strong: <strong /> }} />
        </p>
      )}
    </article>
  );
}

export function TutorialOverlay({ open, onClose }: TutorialOverlayProps) {
  const { t } = useTranslation('tutorial');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const status = useTutorialStatus().data ?? null;
  const navigate = useNavigate();
  const [showHints, setShowHints] = useState(false);

  const skip = useMutation({
    mutationFn: () => skipTutorial(),
    onSuccess: (next) => {
      if (viewer !== null) putQueryData(client, queryKeys.tutorialStatus(viewer), next);
    },
    // Game call failures other than the listed ones are only logged.
    onError: (error) => console.error('Skipping the tutorial failed', error),
  });
  // The report puts the status it brings back in place itself; a failure is logged there and answers null.
  const markLogin = useMutation({ mutationFn: () => reportTutorialAction('login') });
  const notice = markLogin.isSuccess && markLogin.data ? t('loginMarked') : null;

  // Opening shows the step as it is now, not as the last poll saw it.
  useEffect(() => {
    if (open && viewer !== null) void client.refetchQueries({ queryKey: queryKeys.tutorialStatus(viewer), exact: true });
  }, [open, viewer, client]);

  function close() {
    markLogin.reset();
    onClose();
  }

  function go(path: string) {
    close();
    navigate(path);
  }

  function onSkip() {
    if (!window.confirm(t('skipConfirm'))) return;
    skip.mutate();
  }

  function onMarkLogin() {
    markLogin.mutate();
  }

  const footer = (
    <>
      {status && !status.isCompleted && (
        <ActionButton className="button button--ghost button--small tutorial-overlay__skip" onClick={onSkip} pending={skip.isPending}>
          {t('skip')}
        </ActionButton>
      )}
      <button type="button" className="button button--secondary button--small" onClick={() => go('/game/village')}>
        {t('viewVillage')}
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => go('/game/map')}>
        {t('viewMap')}
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => go('/game/alliance')}>
        {t('viewAlliance')}
      </button>
      <button type="button" className="button button--small" onClick={onMarkLogin}>
        {t('markLogin')}
      </button>
    </>
  );

  return (
    <Modal open={open} title={t('title')} onClose={close} footer={footer} className="tutorial-modal">
      {!status ? (
        <Spinner label={t('loading')} />
      ) : (
        <div className="tutorial-overlay stack">
          <div className="tutorial-overlay__progress">
            <p className="tutorial-overlay__step">
              {t('step', { step: Math.min(status.currentStep, status.totalSteps), total: status.totalSteps })}
            </p>
            <ProgressBar label={t('progress')} value={status.progressPercentage} tone={status.isCompleted ? 'good' : 'normal'} />
          </div>
          <CurrentStep status={status} />
          {notice && (
            <p className="alert alert--success alert--compact" role="status">
              {notice}
            </p>
          )}
          <div className="tutorial-overlay__hints">
            <button
              type="button"
              className="button button--ghost button--small"
              aria-expanded={showHints}
              onClick={() => setShowHints((shown) => !shown)}
            >
              {showHints ? t('hideHints') : t('showHints')}
            </button>
            {/* Hints depend on the step: a new step (or the end) asks for them again. */}
            {showHints && <Hints step={`${status.currentStep}-${status.isCompleted}`} />}
          </div>
        </div>
      )}
    </Modal>
  );
}
