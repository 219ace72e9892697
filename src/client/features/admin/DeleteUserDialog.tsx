// The Delete dialog: the admin types the player's username before the account goes (their villages stay, abandoned).
import { useState, type FormEvent } from 'react';
import { deleteUser, type AdminUser } from '../../api/admin';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Modal } from '../../ui/Modal';
import { useAction } from '../../ui/useAction';
import { confirmationMatches } from './model';
import { useAdminCache } from './useAdminCache';

export function DeleteUserDialog({ user, onClose, onDeleted }: { user: AdminUser; onClose: () => void; onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const cache = useAdminCache();
  const remove = useAction({
    mutationFn: (confirmUsername: string) => deleteUser(user.id, confirmUsername),
    onSuccess: () => {
      cache.deleted();
      onDeleted();
    },
    failure: 'Failed to delete the account.',
  });
  const matches = confirmationMatches(typed, user.username);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!matches) return;
    remove.run(typed);
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
        <ActionOutcome message={remove.outcome} compact={false} />
        <div className="row">
          <ActionButton type="submit" className="button button--danger" disabled={!matches} pending={remove.pending || remove.mutation.isSuccess}>
            Delete account
          </ActionButton>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
