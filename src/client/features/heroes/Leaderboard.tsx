// The hero leaderboard: the top 20 by total power with rank, hero, type, owner, level and power; the player's own rows stand out.
import type { HeroLeaderboardEntry, HeroTypeInfo } from '../../api/heroes';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { heroTypeName } from '../../i18n/game';
import { ArtIcon } from '../../ui/ArtIcon';
import { PlayerLink } from '../../ui/PlayerLink';

export interface LeaderboardProps {
  entries: HeroLeaderboardEntry[];
  types: HeroTypeInfo[];
  /** The signed-in player's name, to mark their heroes. */
  username: string | null;
}

export function Leaderboard({ entries, types, username }: LeaderboardProps) {
  const { t } = useTranslation('heroes');
  if (entries.length === 0) {
    return <p className="card muted">{t('leaderboard.empty')}</p>;
  }
  const typeOf = new Map(types.map((info) => [info.type, info]));
  return (
    <div className="table-wrap card hero-leaderboard">
      <table className="table">
        <caption className="visually-hidden">{t('leaderboard.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('leaderboard.rank')}</th>
            <th scope="col">{t('leaderboard.hero')}</th>
            <th scope="col">{t('leaderboard.type')}</th>
            <th scope="col">{t('leaderboard.owner')}</th>
            <th scope="col" className="hero-leaderboard__number">
              {t('leaderboard.level')}
            </th>
            <th scope="col" className="hero-leaderboard__number">
              {t('leaderboard.power')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const type = typeOf.get(entry.hero.type);
            const mine = username !== null && entry.user.username === username;
            return (
              <tr key={entry.hero.id} className={mine ? 'hero-leaderboard__mine' : undefined}>
                <td className="hero-leaderboard__rank">{entry.rank}</td>
                <td>{entry.hero.name}</td>
                <td>
                  <span className="hero-leaderboard__type">
                    <ArtIcon icon={type?.icon ?? `heroes/${entry.hero.type}.svg`} name={heroTypeName(entry.hero.type)} size={22} />
                    {heroTypeName(entry.hero.type)}
                  </span>
                </td>
                <td>
                  {/* The leaderboard knows only the owner's name: the link finds the player by it. */}
                  <PlayerLink username={entry.user.username} />
                  {mine && <span className="badge badge--gold hero-leaderboard__you">{t('leaderboard.you')}</span>}
                </td>
                <td className="hero-leaderboard__number">{entry.hero.level}</td>
                <td className="hero-leaderboard__number" title={String(entry.hero.totalPower)}>
                  {formatNumber(entry.hero.totalPower)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
