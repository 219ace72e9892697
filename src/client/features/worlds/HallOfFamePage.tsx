// /game/worlds/:worldId/hall-of-fame: an ended world's final standing as kept at its close: how it ended, the winning alliance, top players, alliances, attackers, defenders and heroes.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { apiError } from '../../api/client';
import type { HallOfFame } from '../../api/worlds';
import { hallOfFameQuery } from '../../state/queries';
import { formatDateTime, formatInteger, formatNumber } from '../../i18n/format';
import { heroTypeName } from '../../i18n/game';
import { WONDERS } from '../../../rules/wonders';
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
  const { t } = useTranslation('worlds');
  return (
    <section className="card hall__list" aria-label={title}>
      <h2>{title}</h2>
      {rows === 0 ? (
        <p className="muted">{t('hall.nobody')}</p>
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
  const { t } = useTranslation('worlds');
  return (
    <List title={t('hall.players')} head={[t('hall.rank'), t('hall.player'), t('hall.alliance'), t('hall.population'), t('hall.villages')]} rows={entries.length}>
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
          <td>{formatInteger(e.villages)}</td>
        </tr>
      ))}
    </List>
  );
}

function Alliances({ entries }: { entries: Standing['alliances'] }) {
  const { t } = useTranslation('worlds');
  return (
    <List title={t('hall.alliances')} head={[t('hall.rank'), t('hall.alliance'), t('hall.members'), t('hall.population')]} rows={entries.length}>
      {entries.map((e) => (
        <tr key={e.alliance.id}>
          <td className="hall__rank">{e.rank}</td>
          <td>
            <AllianceName alliance={e.alliance} />
          </td>
          <td>{formatInteger(e.members)}</td>
          <td>{formatNumber(e.population)}</td>
        </tr>
      ))}
    </List>
  );
}

function Fighters({ title, entries }: { title: string; entries: Standing['attackers'] }) {
  const { t } = useTranslation('worlds');
  return (
    <List title={title} head={[t('hall.rank'), t('hall.player'), t('hall.alliance'), t('hall.points')]} rows={entries.length}>
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
  const { t } = useTranslation('worlds');
  return (
    <List title={t('hall.heroes')} head={[t('hall.rank'), t('hall.hero'), t('hall.type'), t('hall.level'), t('hall.power'), t('hall.player')]} rows={entries.length}>
      {entries.map((e) => (
        <tr key={e.hero.id}>
          <td className="hall__rank">{e.rank}</td>
          <td>{e.hero.name}</td>
          <td>{heroTypeName(e.hero.type)}</td>
          <td>{formatInteger(e.hero.level)}</td>
          <td>{formatNumber(e.hero.totalPower)}</td>
          <td>
            <PlayerLink player={e.player} />
          </td>
        </tr>
      ))}
    </List>
  );
}

/** An alliance as the end's words name it: "Tree Keepers [YGG]". */
const allianceWords = (alliance: { name: string; tag: string }) => `${alliance.name} [${alliance.tag}]`;

/** How the world ended, in one sentence of the player's language (no full stop): the server's `summary`, worded here. */
export function endingSummary(t: TFunction<'worlds'>, fame: Pick<HallOfFame, 'reason' | 'winner' | 'victory'>): string {
  const { winner, victory } = fame;
  if (fame.reason === 'end_date') return winner ? t('hall.summary.dateLeader', { alliance: allianceWords(winner) }) : t('hall.summary.date');
  const who = winner ? allianceWords(winner) : (victory?.user?.username ?? t('hall.summary.builder'));
  if (victory?.type === 'multiple_wonders_victory') return t('hall.summary.threeWonders', { who });
  return t('hall.summary.wonder', { who, wonder: victory ? WONDERS[victory.wonder.type].name : t('hall.summary.aVictoryWonder') });
}

/** The head of the page: how the world ended, when, and who won. */
function Ending({ fame }: { fame: HallOfFame }) {
  const { t } = useTranslation('worlds');
  const { victory, winner } = fame;
  return (
    <section className="card hall__ending" aria-label={t('hall.howItEnded')}>
      <p className="hall__summary">{t('hall.endedOn', { world: fame.world.name, date: formatDateTime(fame.endedAt), summary: endingSummary(t, fame) })}</p>
      <dl className="hall__facts">
        <div>
          <dt>{fame.reason === 'victory' ? t('hall.winningAlliance') : t('hall.leadingAlliance')}</dt>
          <dd>{winner ? <AllianceName alliance={winner} /> : t('hall.none')}</dd>
        </div>
        {victory && (
          <>
            <div>
              <dt>{t('hall.victory')}</dt>
              <dd>
                {t(victory.type === 'wonder_victory' ? 'hall.victoryWonder' : 'hall.victoryThird', { wonder: WONDERS[victory.wonder.type].name, name: victory.wonder.name })}
              </dd>
            </div>
            <div>
              <dt>{t('hall.builtBy')}</dt>
              <dd>
                <PlayerLink player={victory.user} fallback={t('hall.accountGone')} />
              </dd>
            </div>
            <div>
              <dt>{t('hall.completed')}</dt>
              <dd>{formatDateTime(victory.achievedAt)}</dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}

export default function HallOfFamePage() {
  const { t } = useTranslation('worlds');
  const { worldId = '' } = useParams();
  const read = useQuery(hallOfFameQuery(worldId));
  const fame = read.data;

  return (
    <section className="page hall" aria-labelledby="hall-title">
      <header className="hall__intro">
        <h1 id="hall-title">{fame ? t('hall.titleOf', { world: fame.world.name }) : t('hall.title')}</h1>
        <p className="muted">
          <Trans t={t} i18nKey="hall.intro" components={{ join: <Link to="/game/worlds" /> }} />
        </p>
      </header>
      {fame ? (
        <>
          <Ending fame={fame} />
          <div className="hall__lists">
            <Players entries={fame.standing.players} />
            <Alliances entries={fame.standing.alliances} />
            <Fighters title={t('hall.attackers')} entries={fame.standing.attackers} />
            <Fighters title={t('hall.defenders')} entries={fame.standing.defenders} />
            <Heroes entries={fame.standing.heroes} />
          </div>
        </>
      ) : read.isError ? (
        <div className="card">
          <p>{apiError(read.error, t('hall.failed'))}</p>
          <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
            {t('picker.retry')}
          </button>
        </div>
      ) : (
        <Spinner label={t('hall.loading')} />
      )}
    </section>
  );
}
