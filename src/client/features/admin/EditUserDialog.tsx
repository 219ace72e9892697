// The Edit dialog of one player: role, suspension with a reason, and a temporary password shown once to copy.
import { useState, type FormEvent } from 'react';
import { setTemporaryPassword, setUserRole, type AdminUser, type Role } from '../../api/admin';
import { ROLES, ROLE_NAMES } from '../../../rules/roles';
import { formatDate } from '../../ui/dates';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Modal } from '../../ui/Modal';
import { temporaryPassword } from './model';
import { SuspensionForm } from './SuspensionForm';
import { usePlayerAction } from './useAdminCache';

interface Props {
  user: AdminUser;
  onClose: () => void;
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
