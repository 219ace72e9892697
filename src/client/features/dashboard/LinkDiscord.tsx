// Links Discord to the signed-in account: the only way a Discord login reaches an account that has a password.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { apiError } from '../../api/client';
import { startDiscordLink } from '../../api/auth';
import { discordLoginOfferedAtom } from '../../state/authOptions';
import { userAtom } from '../../state/session';

export function LinkDiscord() {
  const offered = useAtomValue(discordLoginOfferedAtom);
  const user = useAtomValue(userAtom);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!offered || !user) return null;
  if (user.discordLinked) return <p className="muted">Discord is linked: you can also sign in with Discord.</p>;

  async function onLink() {
    setBusy(true);
    setError(null);
    try {
      await startDiscordLink();
    } catch (failure) {
      setError(apiError(failure, 'Linking Discord failed. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <div className="stack">
      <p>Sign in with Discord too: link it to this account. Discord must have verified your e-mail.</p>
      <div>
        <button type="button" className="button button--secondary" onClick={onLink} disabled={busy}>
          Link Discord
        </button>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
