// The tutorial overlay: the current step with its objectives and rewards, hints, shortcuts to the pages it asks for, and skipping.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
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

export const SKIP_CONFIRMATION = 'Are you sure you want to skip the tutorial? You will miss out on guided learning and some rewards.';

const PRIORITY_BADGE: Record<Hint['priority'], string> = { high: 'badge--red', medium: 'badge--gold', low: 'badge--grey' };
const PRIORITY_LABEL: Record<Hint['priority'], string> = { high: 'High', medium: 'Medium', low: 'Low' };

export interface TutorialOverlayProps {
  open: boolean;
  onClose: () => void;
}

function Hints({ step }: { step: string }) {
  // Load failures are only logged; the panel says it has nothing to show.
  const { data: hints, isError: failed } = useQuery(tutorialHintsQuery(useAtomValue(userIdAtom), step));

  if (failed) return <p className="muted">No hints right now.</p>;
  if (!hints) return <Spinner label="Loading hints..." />;
  if (hints.length === 0) return <p className="muted">No hints right now. You are doing well!</p>;
  return (
    <ul className="tutorial-hints" aria-label="Hints">
      {hints.map((hint, index) => (
        <li key={`${hint.title}-${index}`} className={`tutorial-hint tutorial-hint--${hint.priority}`}>
          <div className="tutorial-hint__head">
            <strong>{hint.title}</strong>
            <span className={`badge ${PRIORITY_BADGE[hint.priority] ?? 'badge--grey'}`}>{PRIORITY_LABEL[hint.priority] ?? hint.priority}</span>
          </div>
          <p>{hint.message}</p>
        </li>
      ))}
    </ul>
  );
}

function CurrentStep({ status }: { status: TutorialStatus }) {
  const quest = status.currentQuest;
  if (status.isCompleted) {
    return (
      <div className="tutorial-step tutorial-step--done" role="status">
        <h3>Tutorial complete</h3>
        <p>You have finished the tutorial. The Quests page keeps guiding you with daily, weekly and story quests.</p>
      </div>
    );
  }
  if (!quest) return <p className="muted">The next step is being prepared. Look again in a moment.</p>;
  return (
    <article className="tutorial-step" aria-label="Current step">
      <h3 className="tutorial-step__title">{quest.title}</h3>
      <p className="tutorial-step__description">{quest.description}</p>
      <h4 className="tutorial-step__subtitle">Objectives</h4>
      <ObjectiveList objectives={quest.objectives} progress={quest.progress} />
      <h4 className="tutorial-step__subtitle">Rewards</h4>
      <RewardList rewards={quest.rewards} />
      {quest.metadata?.hint && (
        <p className="tutorial-step__tip">
          <strong>Tip:</strong> {quest.metadata.hint}
        </p>
      )}
    </article>
  );
}

export function TutorialOverlay({ open, onClose }: TutorialOverlayProps) {
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
  const notice = markLogin.isSuccess && markLogin.data ? 'Login marked complete.' : null;

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
    if (!window.confirm(SKIP_CONFIRMATION)) return;
    skip.mutate();
  }

  function onMarkLogin() {
    markLogin.mutate();
  }

  const footer = (
    <>
      {status && !status.isCompleted && (
        <ActionButton className="button button--ghost button--small tutorial-overlay__skip" onClick={onSkip} pending={skip.isPending}>
          Skip Tutorial
        </ActionButton>
      )}
      <button type="button" className="button button--secondary button--small" onClick={() => go('/game/village')}>
        View Village
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => go('/game/map')}>
        View Map
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => go('/game/alliance')}>
        View Alliance
      </button>
      <button type="button" className="button button--small" onClick={onMarkLogin}>
        Mark Login Complete
      </button>
    </>
  );

  return (
    <Modal open={open} title="Tutorial" onClose={close} footer={footer} className="tutorial-modal">
      {!status ? (
        <Spinner label="Loading the tutorial..." />
      ) : (
        <div className="tutorial-overlay stack">
          <div className="tutorial-overlay__progress">
            <p className="tutorial-overlay__step">
              Step {Math.min(status.currentStep, status.totalSteps)} of {status.totalSteps}
            </p>
            <ProgressBar label="Tutorial progress" value={status.progressPercentage} tone={status.isCompleted ? 'good' : 'normal'} />
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
              {showHints ? 'Hide Hints' : 'Show Hints'}
            </button>
            {/* Hints depend on the step: a new step (or the end) asks for them again. */}
            {showHints && <Hints step={`${status.currentStep}-${status.isCompleted}`} />}
          </div>
        </div>
      )}
    </Modal>
  );
}
