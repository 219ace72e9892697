// The Edit dialog of one player: role, suspension with a reason, and a temporary password shown once to copy.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setTemporaryPassword, setUserRole, type AdminUser, type Role } from '../../api/admin';
import { ROLES } from '../../../rules/roles';
import { formatDate } from '../../i18n/format';
import { roleName } from '../../i18n/game';
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
  const { t } = useTranslation('admin');
  const [role, setRole] = useState<Role>(user.role);
  const save = usePlayerAction((next: Role) => setUserRole(user.id, next), {
    success: (updated) => t('edit.roleSaved', { name: updated.username, role: roleName(updated.role) }),
    failure: t('edit.roleFailed'),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.run(role);
  }

  return (
    <form className="admin-edit__part" onSubmit={onSubmit}>
      <h3>{t('edit.role')}</h3>
      <div className="row row--inline">
        <label htmlFor="edit-role" className="visually-hidden">
          {t('edit.role')}
        </label>
        <select id="edit-role" className="input" value={role} onChange={(event) => setRole(event.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
        <ActionButton type="submit" className="button button--small" disabled={role === user.role} pending={save.pending}>
          {t('edit.saveRole')}
        </ActionButton>
      </div>
      <ActionOutcome message={save.outcome} />
    </form>
  );
}

function TemporaryPasswordPart({ user }: Pick<Props, 'user'>) {
  const { t } = useTranslation('admin');
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const set = usePlayerAction((password: string) => setTemporaryPassword(user.id, password), { failure: t('edit.passwordFailed') });

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
      set.refuse(t('edit.copyRefused'));
    }
  }

  return (
    <div className="admin-edit__part">
      <h3>{t('edit.passwordTitle')}</h3>
      {shown ? (
        <div className="stack">
          <p className="alert alert--info alert--compact" role="status">
            {t('edit.tellPassword', { name: user.username })}
          </p>
          <div className="row row--inline">
            <label htmlFor="temporary-password" className="visually-hidden">
              {t('edit.passwordTitle')}
            </label>
            <input id="temporary-password" className="input admin-edit__secret" readOnly value={shown} onFocus={(event) => event.target.select()} />
            <button type="button" className="button button--small" onClick={() => void onCopy()}>
              {copied ? t('edit.copied') : t('edit.copy')}
            </button>
          </div>
        </div>
      ) : confirming ? (
        <div className="stack">
          <p className="admin-edit__note">
            {t('edit.passwordWarning', { name: user.username })}
          </p>
          <div className="row">
            <ActionButton className="button button--danger button--small" pending={set.pending} onClick={onSet}>
              {t('edit.yesSet')}
            </ActionButton>
            <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(false)}>
              {t('edit.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button--secondary button--small" onClick={() => setConfirming(true)}>
          {t('edit.setPassword')}
        </button>
      )}
      <ActionOutcome message={set.outcome} />
    </div>
  );
}

export function EditUserDialog({ user, onClose }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Modal open title={t('edit.title', { name: user.username })} onClose={onClose} className="admin-edit">
      <p className="muted admin-edit__note">
        {t('edit.facts', { email: user.email, joined: formatDate(user.createdAt), count: user.villageCount })}
      </p>
      <RoleForm user={user} />
      <SuspensionForm user={user} />
      <TemporaryPasswordPart user={user} />
    </Modal>
  );
}
