// The banner every game page shows in a sitting session (whose account, and the way back to one's own), and the notice
// once the server ended a sitting (the owner removed the sitter, or stopped playing for too long).
import { useAtomValue, useSetAtom } from 'jotai';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { logout } from '../../api/auth';
import { backToOwnAccountAtom, ownSessionAtom, sittingAtom, sittingEndedAtom, userAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { SITTER_LAPSE_DAYS } from '../../../rules/sitters';
import './sitters.css';

export function SittingBanner() {
  const { t } = useTranslation('sitters');
  const sitter = useAtomValue(sittingAtom);
  const owner = useAtomValue(userAtom);
  const own = useAtomValue(ownSessionAtom);
  const ended = useAtomValue(sittingEndedAtom);
  const setEnded = useSetAtom(sittingEndedAtom);
  const backToOwn = useSetAtom(backToOwnAccountAtom);
  const navigate = useNavigate();
  const back = useMutation({
    // The sitting session ends on the server too (and the owner's log says so); going back does not wait for it to work.
    mutationFn: () => logout(),
    onSettled: () => {
      backToOwn(false);
      navigate('/game/settings');
    },
  });

  if (sitter && owner) {
    return (
      <div className="alert alert--info sitting-banner" role="status" data-testid="sitting-banner">
        <p>
          <Trans t={t} i18nKey="banner.sitting" values={{ owner: owner.username, sitter: sitter.username }} components={{ strong: <strong /> }} />
        </p>
        {own && (
          <ActionButton className="button button--small" pending={back.isPending} busyLabel={t('banner.goingBack')} onClick={() => back.mutate()}>
            {t('banner.back')}
          </ActionButton>
        )}
      </div>
    );
  }
  if (ended) {
    return (
      <div className="alert alert--info sitting-banner--ended" role="status" data-testid="sitting-ended">
        <p>
          <Trans t={t} i18nKey="banner.ended" values={{ owner: ended, days: SITTER_LAPSE_DAYS }} components={{ strong: <strong /> }} />
        </p>
        <button type="button" className="button button--secondary button--small" onClick={() => setEnded(null)}>
          {t('banner.dismiss')}
        </button>
      </div>
    );
  }
  return null;
}
