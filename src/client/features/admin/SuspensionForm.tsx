// A player's suspension: suspend with a reason the player reads, or lift it; inside the admin's Edit dialog, and as a dialog of its own for moderators and game masters.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { suspendUser, unsuspendUser, type AdminUser } from '../../api/admin';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Modal } from '../../ui/Modal';
import { usePlayerAction } from './useAdminCache';

export function SuspensionForm({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const suspend = usePlayerAction((why: string) => suspendUser(user.id, why), {
    success: (u) => t('suspension.suspended', { name: u.username }),
    failure: t('suspension.suspendFailed'),
  });
  const lift = usePlayerAction<void>(() => unsuspendUser(user.id), {
    success: (u) => t('suspension.lifted', { name: u.username }),
    failure: t('suspension.liftFailed'),
  });
  // Whichever was asked last says how it went.
  const [last, setLast] = useState<'suspend' | 'lift'>('suspend');
  const outcome = last === 'suspend' ? suspend.outcome : lift.outcome;
  const busy = suspend.pending || lift.pending;

  function onSuspend(event: FormEvent) {
    event.preventDefault();
    setLast('suspend');
    lift.mutation.reset();
    if (reason.trim() === '') {
      suspend.refuse(t('suspension.needReason'));
      return;
    }
    suspend.run(reason.trim(), { onSuccess: () => setReason('') });
  }

  function onLift() {
    setLast('lift');
    suspend.mutation.reset();
    lift.run();
  }

  return (
    <div className="admin-edit__part">
      <h3>{t('suspension.title')}</h3>
      {user.suspended ? (
        <div className="row">
          <p className="muted admin-edit__note">{t('suspension.current', { reason: user.suspensionReason ?? t('suspension.noReason') })}</p>
          <ActionButton className="button button--secondary button--small" pending={busy} onClick={onLift}>
            {t('suspension.lift')}
          </ActionButton>
        </div>
      ) : (
        <form className="row row--inline" onSubmit={onSuspend}>
          <label htmlFor="suspend-reason" className="visually-hidden">
            {t('suspension.reasonLabel')}
          </label>
          <input
            id="suspend-reason"
            className="input"
            maxLength={200}
            placeholder={t('suspension.reasonPlaceholder')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <ActionButton type="submit" className="button button--danger button--small" pending={busy}>
            {t('suspension.suspend')}
          </ActionButton>
        </form>
      )}
      <ActionOutcome message={outcome} />
    </div>
  );
}

/** For staff below admin, who may only suspend (players of a lower role): the suspension alone. */
export function SuspendUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal open title={t('suspension.dialogTitle', { name: user.username })} onClose={onClose} className="admin-edit">
      <p className="muted admin-edit__note">
        {t('suspension.dialogFacts', { email: user.email, count: user.villageCount })}
      </p>
      <SuspensionForm user={user} />
    </Modal>
  );
}
