// A player's name as a link to their profile: by id when known, else by name (the by-name route finds the id), else a plain word.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import './player-link.css';

export interface PlayerLinkProps {
  /** The player by id and name; null for an account that is gone. */
  player?: { id: string; username: string } | null;
  /** Only the name is known (the hero leaderboard): the link asks the server for the id. */
  username?: string | null;
  /** What is written when there is nobody to link to ('Abandoned' unless told). */
  fallback?: string;
  className?: string;
}

/** The profile address of a player by id, or by name when only the name is known. */
export function playerPath(player: { id: string } | { username: string }): string {
  return 'id' in player ? `/game/players/${encodeURIComponent(player.id)}` : `/game/players/by-name/${encodeURIComponent(player.username)}`;
}

export function PlayerLink({ player, username, fallback, className }: PlayerLinkProps) {
  const { t } = useTranslation('common');
  const classes = className ? `player-link ${className}` : 'player-link';
  if (player) {
    return (
      <Link className={classes} to={playerPath({ id: player.id })}>
        {player.username}
      </Link>
    );
  }
  if (username) {
    return (
      <Link className={classes} to={playerPath({ username })}>
        {username}
      </Link>
    );
  }
  return <span className="muted">{fallback ?? t('playerLink.abandoned')}</span>;
}
