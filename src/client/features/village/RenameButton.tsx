// The rename button: prompts for a name, ignores a blank or unchanged answer, and shows the server's refusal.
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { apiError } from '../../api/client';
import { renameVillage, type Village } from '../../api/villages';
import { loadVillagesAtom, putVillageAtom } from '../../state/village';
import { isRenameAccepted, normaliseVillageName, villageNameError } from '../../../rules/validation';

export function RenameButton({ village }: { village: Village }) {
  const putVillage = useSetAtom(putVillageAtom);
  const loadVillages = useSetAtom(loadVillagesAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onRename() {
    const answer = window.prompt('New name for your village', village.name);
    // A cancelled, empty or unchanged answer is ignored.
    if (answer === null || !isRenameAccepted(village.name, answer)) return;
    const name = normaliseVillageName(answer);
    const refused = villageNameError(name);
    if (refused) {
      setError(refused);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      putVillage(await renameVillage(village.id, name));
      void loadVillages();
    } catch (failure) {
      setError(apiError(failure, 'Failed to rename village'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="rename">
      <button type="button" className="button button--secondary" onClick={onRename} disabled={busy}>
        Rename
      </button>
      {error && (
        <p className="alert rename__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
