// The Edit dialog of one player: role, suspension with a reason, and a temporary password shown once to copy.
import { useState, type FormEvent } from 'react';
import { setTemporaryPassword, setUserRole, suspendUser, unsuspendUser, type AdminUser, type Role } from '../../api/admin';
import { ROLES, ROLE_NAMES } from '../../../rules/roles';
import { formatDate } from '../../ui/dates';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Modal } from '../../ui/Modal';
import { useAction } from '../../ui/useAction';
import { temporaryPassword } from './model';
import { useAdminCache } from './useAdminCache';

interface Props {
  user: AdminUser;
  onClose: () => void;
}

/** An action on one player: the reply is the player as the server now has them, written into the list. */
function usePlayerAction<TVariables>(act: (variables: TVariables) => Promise<AdminUser>, texts: { success?: (user: AdminUser) => string; failure: string }) {
  const cache = useAdminCache();
  return useAction({ mutationFn: act, onSuccess: (updated) => cache.changed(updated), ...texts });
}

function RoleForm({ user }: Pick<Props, 'user'>) {
  const [role, setRole] = useState<Role>(user.role);
  const save = usePlayerAction((next: Role) => setUserRole(user.id, next), {
    success: (updated) => `${updated.username} is now ${ROLE_NAMES[updated.role]}.`,
    failure: 'Failed to change the role.',
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.run(role);
  }

  return (
    <form className="admin-edit__part" onSubmit={onSubmit}>
      <h3>Role</h3>
      <div className="row row--inline">
        <label htmlFor="edit-role" className="visually-hidden">
          Role
        </label>
        <select id="edit-role" className="input" value={role} onChange={(event) => setRole(event.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_NAMES[r]}
            </option>
          ))}
        </select>
        <ActionButton type="submit" className="button button--small" disabled={role === user.role} pending={save.pending}>
          Save role
        </ActionButton>
      </div>
      <ActionOutcome message={save.outcome} />
    </form>
  );
}

function SuspensionForm({ user }: Pick<Props, 'user'>) {
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

function TemporaryPasswordPart({ user }: Pick<Props, 'user'>) {
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const set = usePlayerAction((password: string) => setTemporaryPassword(user.id, password), { failure: 'Failed to set a temporary password.' });

  function onSet() {
    const password = temporaryPassword();
    set.run(password, {
      // Shown only here, once: closing the dialog forgets it.
      onSuccess: () => {
        setShown(password);
        setConfirming(false);
      },
    });
  }

  async function onCopy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown);
      setCopied(true);
    } catch {
      set.refuse('Copying is not allowed here: select the password and copy it by hand.');
    }
  }

  return (
    <div className="admin-edit__part">
      <h3>Temporary password</h3>
      {shown ? (
        <div className="stack">
          <p className="alert alert--info alert--compact" role="status">
            Tell {user.username} this password. It is shown only now; they must choose their own at next login.
          </p>
          <div className="row row--inline">
            <label htmlFor="temporary-password" className="visually-hidden">
              Temporary password
            </label>
            <input id="temporary-password" className="input admin-edit__secret" readOnly value={shown} onFocus={(event) => event.target.select()} />
            <button type="button" className="button button--small" onClick={() => void onCopy()}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        </div>
      ) : confirming ? (
        <div className="stack">
          <p className="admin-edit__note">
            {user.username} is signed out everywhere and must choose a new password at next login. Set a temporary password?
          </p>
          <div className="row">
            <ActionButton className="button button--danger button--small" pending={set.pending} onClick={onSet}>
              Yes, set it
            </ActionButton>
            <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button--secondary button--small" onClick={() => setConfirming(true)}>
          Set temporary password
        </button>
      )}
      <ActionOutcome message={set.outcome} />
    </div>
  );
}

export function EditUserDialog({ user, onClose }: Props) {
  return (
    <Modal open title={`Edit ${user.username}`} onClose={onClose} className="admin-edit">
      <p className="muted admin-edit__note">
        {user.email} · joined {formatDate(user.createdAt)} · {user.villageCount} {user.villageCount === 1 ? 'village' : 'villages'}
      </p>
      <RoleForm user={user} />
      <SuspensionForm user={user} />
      <TemporaryPasswordPart user={user} />
    </Modal>
  );
}
