// A player's suspension: suspend with a reason the player reads, or lift it; inside the admin's Edit dialog, and as a dialog of its own for moderators and game masters.
import { useState, type FormEvent } from 'react';
import { suspendUser, unsuspendUser, type AdminUser } from '../../api/admin';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Modal } from '../../ui/Modal';
import { usePlayerAction } from './useAdminCache';

export function SuspensionForm({ user }: { user: AdminUser }) {
  const [reason, setReason] = useState('');
  const suspend = usePlayerAction((why: string) => suspendUser(user.id, why), {
    success: (u) => `${u.username} is suspended and signed out.`,
    failure: 'Failed to suspend the player.',
  });
  const lift = usePlayerAction<void>(() => unsuspendUser(user.id), { success: (u) => `${u.username} may sign in again.`, failure: 'Failed to lift the suspension.' });
  // Whichever was asked last says how it went.
  const [last, setLast] = useState<'suspend' | 'lift'>('suspend');
  const outcome = last === 'suspend' ? suspend.outcome : lift.outcome;
  const busy = suspend.pending || lift.pending;

  function onSuspend(event: FormEvent) {
    event.preventDefault();
    setLast('suspend');
    lift.mutation.reset();
    if (reason.trim() === '') {
      suspend.refuse('Give a reason: the player reads it when signing in.');
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
      <h3>Suspension</h3>
      {user.suspended ? (
        <div className="row">
          <p className="muted admin-edit__note">Suspended: {user.suspensionReason ?? 'no reason given'}</p>
          <ActionButton className="button button--secondary button--small" pending={busy} onClick={onLift}>
            Lift suspension
          </ActionButton>
        </div>
      ) : (
        <form className="row row--inline" onSubmit={onSuspend}>
          <label htmlFor="suspend-reason" className="visually-hidden">
            Reason for the suspension
          </label>
          <input
            id="suspend-reason"
            className="input"
            maxLength={200}
            placeholder="Reason (the player sees it)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <ActionButton type="submit" className="button button--danger button--small" pending={busy}>
            Suspend
          </ActionButton>
        </form>
      )}
      <ActionOutcome message={outcome} />
    </div>
  );
}

/** For staff below admin, who may only suspend (players of a lower role): the suspension alone. */
export function SuspendUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  return (
    <Modal open title={`Suspension of ${user.username}`} onClose={onClose} className="admin-edit">
      <p className="muted admin-edit__note">
        {user.email} · {user.villageCount} {user.villageCount === 1 ? 'village' : 'villages'}. A suspended player is signed out at once and cannot sign in until
        the suspension is lifted.
      </p>
      <SuspensionForm user={user} />
    </Modal>
  );
}
