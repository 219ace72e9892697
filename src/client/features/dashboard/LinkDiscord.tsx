// Links Discord to the signed-in account: the only way a Discord login reaches an account that has a password.
import { useAtomValue } from 'jotai';
import { startDiscordLink } from '../../api/auth';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { useDiscordLoginOffered } from '../../state/authOptions';
import { userAtom } from '../../state/session';

export function LinkDiscord() {
  const offered = useDiscordLoginOffered();
  const user = useAtomValue(userAtom);
  // A success leaves the page for Discord: the button waits until then.
  const link = useAction({ mutationFn: () => startDiscordLink(), failure: 'Linking Discord failed. Please try again.' });
  if (!offered || !user) return null;
  if (user.discordLinked) return <p className="muted">Discord is linked: you can also sign in with Discord.</p>;

  return (
    <div className="stack">
      <p>Sign in with Discord too: link it to this account. Discord must have verified your e-mail.</p>
      <div>
        <ActionButton className="button button--secondary" onClick={() => link.run()} pending={link.pending || link.mutation.isSuccess}>
          Link Discord
        </ActionButton>
      </div>
      <ActionOutcome message={link.outcome} compact={false} as="p" />
    </div>
  );
}
