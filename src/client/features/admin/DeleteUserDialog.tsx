// The Delete dialog: the admin types the player's username before the account goes (their villages stay, abandoned).
import { useState, type FormEvent } from 'react';
import { deleteUser, type AdminUser } from '../../api/admin';
import { apiError } from '../../api/client';
import { Modal } from '../../ui/Modal';
import { confirmationMatches } from './model';

export function DeleteUserDialog({ user, onClose, onDeleted }: { user: AdminUser; onClose: () => void; onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = confirmationMatches(typed, user.username);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!matches) return;
    setBusy(true);
    setError(null);
    try {
      await deleteUser(user.id, typed);
      onDeleted();
    } catch (failure) {
      setError(apiError(failure, 'Failed to delete the account.'));
      setBusy(false);
    }
  }

  return (
    <Modal open title={`Delete ${user.username}?`} onClose={onClose}>
      <form className="form" onSubmit={onSubmit}>
        <p>
          The account and its sign-ins go for good. Its {user.villageCount} {user.villageCount === 1 ? 'village stays' : 'villages stay'} on the map,
          abandoned.
        </p>
        <div className="field">
          <label htmlFor="delete-confirm">
            Type <strong>{user.username}</strong> to confirm
          </label>
          <input id="delete-confirm" className="input" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        {error && (
          <div className="alert" role="alert">
            {error}
          </div>
        )}
        <div className="row">
          <button type="submit" className="button button--danger" disabled={!matches || busy}>
            Delete account
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
