// Links Discord to the signed-in account: the only way a Discord login reaches an account that has a password.
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { startDiscordLink } from '../../api/auth';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { useDiscordLoginOffered } from '../../state/authOptions';
import { userAtom } from '../../state/session';

export function LinkDiscord() {
  const { t } = useTranslation('dashboard');
  const offered = useDiscordLoginOffered();
  const user = useAtomValue(userAtom);
  // A success leaves the page for Discord: the button waits until then.
  const link = useAction({ mutationFn: () => startDiscordLink(), failure: t('discord.failed') });
  if (!offered || !user) return null;
  if (user.discordLinked) return <p className="muted">{t('discord.isLinked')}</p>;

  return (
    <div className="stack">
      <p>{t('discord.offer')}</p>
      <div>
        <ActionButton className="button button--secondary" onClick={() => link.run()} pending={link.pending || link.mutation.isSuccess}>
          {t('discord.link')}
        </ActionButton>
      </div>
      <ActionOutcome message={link.outcome} compact={false} as="p" />
    </div>
  );
}
