// A player's picture: the Discord avatar when the account has one, else the first letter of the name.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface AvatarProps {
  /** Whose Discord avatar it is (the path segment before the hash in Discord's CDN address). */
  userId: string;
  username: string;
  discordAvatar: string | null | undefined;
  size?: number;
}

export function discordAvatarUrl(userId: string, discordAvatar: string): string {
  // Some accounts may already carry a full address; use it as is.
  if (/^https?:\/\//.test(discordAvatar)) return discordAvatar;
  return `https://cdn.discordapp.com/avatars/${encodeURIComponent(userId)}/${encodeURIComponent(discordAvatar)}.png`;
}

export function Avatar({ userId, username, discordAvatar, size = 36 }: AvatarProps) {
  const { t } = useTranslation('common');
  const [broken, setBroken] = useState(false);
  const initial = (username.trim()[0] ?? '?').toUpperCase();
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (discordAvatar && !broken) {
    return (
      <img
        className="avatar"
        src={discordAvatarUrl(userId, discordAvatar)}
        alt={t('avatar', { username })}
        width={size}
        height={size}
        style={style}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className="avatar avatar--initial" style={style} role="img" aria-label={t('avatar', { username })}>
      {initial}
    </span>
  );
}
