// /game/worlds/:worldId/hall-of-fame: an ended world's final standing as kept at its close: how it ended, the winning alliance, top players, alliances, attackers, defenders and heroes.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { apiError } from '../../api/client';
import type { HallOfFame } from '../../api/worlds';
import { hallOfFameQuery } from '../../state/queries';
import { formatNumber } from '../../../rules/format';
import { WONDERS } from '../../../rules/wonders';
import { HERO_TYPE_INFO } from '../../../rules/heroes';
import { formatDateTime } from '../../ui/dates';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import './worlds.css';

type Standing = HallOfFame['standing'];

function AllianceName({ alliance }: { alliance: { id: string; tag: string; name: string } | null }) {
  if (!alliance) return <span className="muted">—</span>;
  return (
    <Link to={`/game/alliances/${encodeURIComponent(alliance.id)}`}>
      [{alliance.tag}] {alliance.name}
    </Link>
  );
}

/** One list of the standing: its title, its table, or a line saying nobody made it. */
function List({ title, head, rows, children }: { title: string; head: readonly string[]; rows: number; children: ReactNode }) {
  return (
    <section className="card hall__list" aria-label={title}>
      <h2>{title}</h2>
      {rows === 0 ? (
        <p className="muted">Nobody made this list.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Players({ entries }: { entries: Standing['players'] }) {
  return (
    <List title="Top players" head={['Rank', 'Player', 'Alliance', 'Population', 'Villages']} rows={entries.length}>
      {entries.map((e) => (
        <tr key={e.player.id}>
          <td className="hall__rank">{e.rank}</td>
          <td>
            <PlayerLink player={e.player} />
          </td>
          <td>
            <AllianceName alliance={e.alliance} />
          </td>
          <td>{formatNumber(e.population)}</td>
          <td>{e.villages}</td>
        </tr>
      ))}
    </List>
  );
}

function Alliances({ entries }: { entries: Standing['alliances'] }) {
  return (
    <List title="Top alliances" head={['Rank', 'Alliance', 'Members', 'Population']} rows={entries.length}>
      {entries.map((e) => (
        <tr key={e.alliance.id}>
          <td className="hall__rank">{e.rank}</td>
          <td>
            <AllianceName alliance={e.alliance} />
          </td>
          <td>{e.members}</td>
          <td>{formatNumber(e.population)}</td>
        </tr>
      ))}
    </List>
  );
}

function Fighters({ title, entries }: { title: string; entries: Standing['attackers'] }) {
  return (
    <List title={title} head={['Rank', 'Player', 'Alliance', 'Points']} rows={entries.length}>
      {entries.map((e) => (
        <tr key={e.player.id}>
          <td className="hall__rank">{e.rank}</td>
          <td>
            <PlayerLink player={e.player} />
          </td>
          <td>
            <AllianceName alliance={e.alliance} />
          </td>
          <td>{formatNumber(e.points)}</td>
        </tr>
      ))}
    </List>
  );
}

function Heroes({ entries }: { entries: Standing['heroes'] }) {
  return (
    <List title="Top heroes" head={['Rank', 'Hero', 'Type', 'Level', 'Power', 'Player']} rows={entries.length}>
      {entries.map((e) => (
        <tr key={e.hero.id}>
          <td className="hall__rank">{e.rank}</td>
          <td>{e.hero.name}</td>
          <td>{HERO_TYPE_INFO[e.hero.type].name}</td>
          <td>{e.hero.level}</td>
          <td>{formatNumber(e.hero.totalPower)}</td>
          <td>
            <PlayerLink player={e.player} />
          </td>
        </tr>
      ))}
    </List>
  );
}

/** The head of the page: how the world ended, when, and who won. */
function Ending({ fame }: { fame: HallOfFame }) {
  const { victory, winner } = fame;
  return (
    <section className="card hall__ending" aria-label="How the world ended">
      <p className="hall__summary">
        {fame.world.name} ended on {formatDateTime(fame.endedAt)}: {fame.summary}.
      </p>
      <dl className="hall__facts">
        <div>
          <dt>{fame.reason === 'victory' ? 'Winning alliance' : 'Leading alliance'}</dt>
          <dd>{winner ? <AllianceName alliance={winner} /> : 'None'}</dd>
        </div>
        {victory && (
          <>
            <div>
              <dt>Victory</dt>
              <dd>
                {victory.type === 'wonder_victory' ? 'A completed ' : 'A third completed wonder: '}
                {WONDERS[victory.wonder.type].name} ({victory.wonder.name})
              </dd>
            </div>
            <div>
              <dt>Built by</dt>
              <dd>
                <PlayerLink player={victory.user} fallback="An account that is gone" />
              </dd>
            </div>
            <div>
              <dt>Completed</dt>
              <dd>{formatDateTime(victory.achievedAt)}</dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}

export default function HallOfFamePage() {
  const { worldId = '' } = useParams();
  const read = useQuery(hallOfFameQuery(worldId));
  const fame = read.data;

  return (
    <section className="page hall" aria-labelledby="hall-title">
      <header className="hall__intro">
        <h1 id="hall-title">{fame ? `Hall of fame: ${fame.world.name}` : 'Hall of fame'}</h1>
        <p className="muted">
          The final standing, kept as it was when the world closed. <Link to="/game/worlds">Join a new world</Link> from the world list.
        </p>
      </header>
      {fame ? (
        <>
          <Ending fame={fame} />
          <div className="hall__lists">
            <Players entries={fame.standing.players} />
            <Alliances entries={fame.standing.alliances} />
            <Fighters title="Top attackers" entries={fame.standing.attackers} />
            <Fighters title="Top defenders" entries={fame.standing.defenders} />
            <Heroes entries={fame.standing.heroes} />
          </div>
        </>
      ) : read.isError ? (
        <div className="card">
          <p>{apiError(read.error, 'Could not load the hall of fame.')}</p>
          <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <Spinner label="Loading the hall of fame..." />
      )}
    </section>
  );
}
