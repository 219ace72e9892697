// The Edit dialog of one player: role, suspension with a reason, and a temporary password shown once to copy.
import { useState, type FormEvent } from 'react';
import { setTemporaryPassword, setUserRole, suspendUser, unsuspendUser, type AdminUser, type Role } from '../../api/admin';
import { apiError } from '../../api/client';
import { ROLES, ROLE_NAMES } from '../../../rules/roles';
import { formatDate } from '../../ui/dates';
import { ActionOutcome, type OutcomeMessage } from '../../ui/ActionOutcome';
import { Modal } from '../../ui/Modal';
import { temporaryPassword } from './model';

interface Props {
  user: AdminUser;
  onClose: () => void;
  /** The player as the server now has them, after any change. */
  onChanged: (user: AdminUser) => void;
}

function RoleForm({ user, onChanged }: Pick<Props, 'user' | 'onChanged'>) {
  const [role, setRole] = useState<Role>(user.role);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const updated = await setUserRole(user.id, role);
      onChanged(updated);
      setOutcome({ kind: 'success', text: `${updated.username} is now ${ROLE_NAMES[updated.role]}.` });
    } catch (failure) {
      setOutcome({ kind: 'error', text: apiError(failure, 'Failed to change the role.') });
    } finally {
      setBusy(false);
    }
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
        <button type="submit" className="button button--small" disabled={busy || role === user.role}>
          Save role
        </button>
      </div>
      <ActionOutcome message={outcome} />
    </form>
  );
}

function SuspensionForm({ user, onChanged }: Pick<Props, 'user' | 'onChanged'>) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null);

  async function act(run: () => Promise<AdminUser>, done: (u: AdminUser) => string, fallback: string) {
    setBusy(true);
    setOutcome(null);
    try {
      const updated = await run();
      onChanged(updated);
      setReason('');
      setOutcome({ kind: 'success', text: done(updated) });
    } catch (failure) {
      setOutcome({ kind: 'error', text: apiError(failure, fallback) });
    } finally {
      setBusy(false);
    }
  }

  function onSuspend(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setOutcome({ kind: 'error', text: 'Give a reason: the player reads it when signing in.' });
      return;
    }
    void act(() => suspendUser(user.id, reason.trim()), (u) => `${u.username} is suspended and signed out.`, 'Failed to suspend the player.');
  }

  return (
    <div className="admin-edit__part">
      <h3>Suspension</h3>
      {user.suspended ? (
        <div className="row">
          <p className="muted admin-edit__note">Suspended: {user.suspensionReason ?? 'no reason given'}</p>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            onClick={() => void act(() => unsuspendUser(user.id), (u) => `${u.username} may sign in again.`, 'Failed to lift the suspension.')}
          >
            Lift suspension
          </button>
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
          <button type="submit" className="button button--danger button--small" disabled={busy}>
            Suspend
          </button>
        </form>
      )}
      <ActionOutcome message={outcome} />
    </div>
  );
}

function TemporaryPasswordPart({ user, onChanged }: Pick<Props, 'user' | 'onChanged'>) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [outcome, setOutcome] = useState<OutcomeMessage | null>(null);

  async function onSet() {
    setBusy(true);
    setOutcome(null);
    const password = temporaryPassword();
    try {
      onChanged(await setTemporaryPassword(user.id, password));
      // Shown only here, once: closing the dialog forgets it.
      setShown(password);
      setConfirming(false);
    } catch (failure) {
      setOutcome({ kind: 'error', text: apiError(failure, 'Failed to set a temporary password.') });
    } finally {
      setBusy(false);
    }
  }

  async function onCopy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown);
      setCopied(true);
    } catch {
      setOutcome({ kind: 'error', text: 'Copying is not allowed here: select the password and copy it by hand.' });
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
            <button type="button" className="button button--danger button--small" disabled={busy} onClick={() => void onSet()}>
              Yes, set it
            </button>
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
      <ActionOutcome message={outcome} />
    </div>
  );
}

export function EditUserDialog({ user, onClose, onChanged }: Props) {
  return (
    <Modal open title={`Edit ${user.username}`} onClose={onClose} className="admin-edit">
      <p className="muted admin-edit__note">
        {user.email} · joined {formatDate(user.createdAt)} · {user.villageCount} {user.villageCount === 1 ? 'village' : 'villages'}
      </p>
      <RoleForm user={user} onChanged={onChanged} />
      <SuspensionForm user={user} onChanged={onChanged} />
      <TemporaryPasswordPart user={user} onChanged={onChanged} />
    </Modal>
  );
}
