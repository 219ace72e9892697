// The Delete dialog: the admin types the player's username before the account goes (their villages stay, abandoned).
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { deleteUser, type AdminUser } from '../../api/admin';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Modal } from '../../ui/Modal';
import { useAction } from '../../ui/useAction';
import { confirmationMatches } from './model';
import { useAdminCache } from './useAdminCache';

export function DeleteUserDialog({ user, onClose, onDeleted }: { user: AdminUser; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('admin');
  const [typed, setTyped] = useState('');
  const cache = useAdminCache();
  const remove = useAction({
    mutationFn: (confirmUsername: string) => deleteUser(user.id, confirmUsername),
    onSuccess: () => {
      cache.deleted();
      onDeleted();
    },
    failure: t('delete.failed'),
  });
  const matches = confirmationMatches(typed, user.username);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!matches) return;
    remove.run(typed);
  }

  return (
    <Modal open title={t('delete.title', { name: user.username })} onClose={onClose}>
      <form className="form" onSubmit={onSubmit}>
        <p>{t('delete.text', { count: user.villageCount })}</p>
        <div className="field">
          <label htmlFor="delete-confirm">
            <Trans t={t} i18nKey="delete.typeToConfirm" values={{ name: user.username }} components={{ strong: <strong /> }} />
          </label>
          <input id="delete-confirm" className="input" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <ActionOutcome message={remove.outcome} compact={false} />
        <div className="row">
          <ActionButton type="submit" className="button button--danger" disabled={!matches} pending={remove.pending || remove.mutation.isSuccess}>
            {t('delete.submit')}
          </ActionButton>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('delete.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
