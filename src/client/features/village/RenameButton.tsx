// The rename button: prompts for a name, ignores a blank or unchanged answer, and shows the server's refusal.
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { renameVillage, type Village } from '../../api/villages';
import { userIdAtom } from '../../state/session';
import { putVillage } from '../../state/village';
import { isRenameAccepted, normaliseVillageName, villageNameError } from '../../../rules/validation';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { validationText } from '../../i18n/validation';

export function RenameButton({ village }: { village: Village }) {
  const { t } = useTranslation('village');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  // The reply is the renamed village: it replaces the old one in the list and in the overview.
  const rename = useAction({
    mutationFn: (name: string) => renameVillage(village.id, name),
    onSuccess: (renamed) => putVillage(client, viewer, renamed),
    failure: t('rename.failed'),
  });

  function onRename() {
    const answer = window.prompt(t('rename.prompt'), village.name);
    // A cancelled, empty or unchanged answer is ignored.
    if (answer === null || !isRenameAccepted(village.name, answer)) return;
    const name = normaliseVillageName(answer);
    const refused = villageNameError(name);
    if (refused) rename.refuse(validationText(refused));
    else rename.run(name);
  }

  return (
    <div className="rename">
      <ActionButton className="button button--secondary" onClick={onRename} pending={rename.pending}>
        {t('rename.button')}
      </ActionButton>
      <ActionOutcome message={rename.outcome} compact={false} className="rename__error" as="p" />
    </div>
  );
}
