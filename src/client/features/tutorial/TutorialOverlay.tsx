// The tutorial overlay: the current step with its objectives and rewards, hints, shortcuts to the pages it asks for, and skipping.
import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { getTutorialHints, reportTutorialAction, skipTutorial, type Hint, type TutorialStatus } from '../../api/tutorial';
import { loadTutorialAtom, putTutorialStatusAtom, tutorialStatusAtom } from '../../state/tutorial';
import { Modal } from '../../ui/Modal';
import { ProgressBar } from '../../ui/ProgressBar';
import { ObjectiveList, RewardList } from '../../ui/QuestParts';
import { Spinner } from '../../ui/Spinner';

export const SKIP_CONFIRMATION = 'Are you sure you want to skip the tutorial? You will miss out on guided learning and some rewards.';

const PRIORITY_BADGE: Record<Hint['priority'], string> = { high: 'badge--red', medium: 'badge--gold', low: 'badge--grey' };
const PRIORITY_LABEL: Record<Hint['priority'], string> = { high: 'High', medium: 'Medium', low: 'Low' };

export interface TutorialOverlayProps {
  open: boolean;
  onClose: () => void;
}

function Hints() {
  const [hints, setHints] = useState<Hint[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    getTutorialHints().then(
      (list) => {
        if (current) setHints(list);
      },
      (error: unknown) => {
        // Load failures are only logged; the panel says it has nothing to show.
        console.error('Loading the hints failed', error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, []);

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
  const status = useAtomValue(tutorialStatusAtom);
  const load = useSetAtom(loadTutorialAtom);
  const put = useSetAtom(putTutorialStatusAtom);
  const navigate = useNavigate();
  const [showHints, setShowHints] = useState(false);
  const [skipping, setSkipping] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  // Opening shows the step as it is now, not as the last poll saw it.
  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  function close() {
    setNotice(null);
    onClose();
  }

  function go(path: string) {
    close();
    navigate(path);
  }

  async function onSkip() {
    if (!window.confirm(SKIP_CONFIRMATION)) return;
    setSkipping(true);
    try {
      put(await skipTutorial());
    } catch (error) {
      // Game call failures other than the listed ones are only logged.
      console.error('Skipping the tutorial failed', error);
    } finally {
      setSkipping(false);
    }
  }

  async function onMarkLogin() {
    setNotice(null);
    // The report updates the status itself; a failure is logged there.
    if (await reportTutorialAction('login')) setNotice('Login marked complete.');
  }

  const footer = (
    <>
      {status && !status.isCompleted && (
        <button type="button" className="button button--ghost button--small tutorial-overlay__skip" onClick={onSkip} disabled={skipping}>
          Skip Tutorial
        </button>
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
            {showHints && <Hints key={`${status.currentStep}-${status.isCompleted}`} />}
          </div>
        </div>
      )}
    </Modal>
  );
}
