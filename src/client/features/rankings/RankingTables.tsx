// The ranking lists as tables: players and alliances by population, attackers and defenders by points; the viewer's row and the row 'Find me' found stand out.
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AllianceRankings, CombatRankings, PlayerRankings } from '../../api/rankings';
import { formatNumber } from '../../i18n/format';
import { PlayerLink } from '../../ui/PlayerLink';

type AllianceCell = { tag: string; name: string } | null;

function AllianceName({ alliance }: { alliance: AllianceCell }) {
  if (!alliance) return <span className="muted">—</span>;
  return (
    <>
      <span className="rankings__tag">[{alliance.tag}]</span> {alliance.name}
    </>
  );
}

export interface Marks {
  /** The signed-in player, whose rows are marked 'You'. */
  viewer: string | null;
  /** The rank 'Find me' found on this list: its row is highlighted and scrolled to. */
  found: number | null;
}

/** A row's class and, for the row found, its highlight and scroll target. */
function useFoundRow(found: number | null, ranks: readonly number[]) {
  const row = useRef<HTMLTableRowElement>(null);
  const shown = found !== null && ranks.includes(found);
  useEffect(() => {
    if (shown) row.current?.scrollIntoView?.({ block: 'center' });
  }, [shown, found]);
  return (rank: number, mine: boolean) => ({
    ref: rank === found ? row : undefined,
    className: ['rankings__row', mine && 'rankings__row--mine', rank === found && 'rankings__row--found'].filter(Boolean).join(' '),
    'aria-current': rank === found ? ('true' as const) : undefined,
  });
}

function Table({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="table rankings__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function You() {
  const { t } = useTranslation('rankings');
  return <span className="badge badge--gold rankings__you">{t('you')}</span>;
}

/** The rank, the player (marked when it is the viewer) and their alliance: the first cells of a player's row on any list. */
function PlayerCells({ entry, mine }: { entry: { rank: number; player: { id: string; username: string }; alliance: Parameters<typeof AllianceName>[0]['alliance'] }; mine: boolean }) {
  return (
    <>
      <td className="rankings__rank">{entry.rank}</td>
      <td>
        <PlayerLink player={entry.player} />
        {mine && <You />}
      </td>
      <td>
        <AllianceName alliance={entry.alliance} />
      </td>
    </>
  );
}

export function PlayerTable({ list, marks }: { list: PlayerRankings; marks: Marks }) {
  const { t } = useTranslation('rankings');
  const rowProps = useFoundRow(marks.found, list.entries.map((e) => e.rank));
  return (
    <Table
      caption={t('captions.players')}
      head={
        <>
          <th scope="col">{t('columns.rank')}</th>
          <th scope="col">{t('columns.player')}</th>
          <th scope="col">{t('columns.alliance')}</th>
          <th scope="col" className="rankings__number">
            {t('columns.villages')}
          </th>
          <th scope="col" className="rankings__number">
            {t('columns.population')}
          </th>
        </>
      }
    >
      {list.entries.map((entry) => {
        const mine = entry.player.id === marks.viewer;
        return (
          <tr key={entry.player.id} {...rowProps(entry.rank, mine)}>
            <PlayerCells entry={entry} mine={mine} />
            <td className="rankings__number">{entry.villages}</td>
            <td className="rankings__number" title={String(entry.population)}>
              {formatNumber(entry.population)}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

export function AllianceTable({ list, marks }: { list: AllianceRankings; marks: Marks }) {
  const { t } = useTranslation('rankings');
  const rowProps = useFoundRow(marks.found, list.entries.map((e) => e.rank));
  return (
    <Table
      caption={t('captions.alliances')}
      head={
        <>
          <th scope="col">{t('columns.rank')}</th>
          <th scope="col">{t('columns.alliance')}</th>
          <th scope="col" className="rankings__number">
            {t('columns.members')}
          </th>
          <th scope="col" className="rankings__number">
            {t('columns.population')}
          </th>
        </>
      }
    >
      {list.entries.map((entry) => (
        <tr key={entry.alliance.id} {...rowProps(entry.rank, false)}>
          <td className="rankings__rank">{entry.rank}</td>
          <td>
            <AllianceName alliance={entry.alliance} />
          </td>
          <td className="rankings__number">{entry.members}</td>
          <td className="rankings__number" title={String(entry.population)}>
            {formatNumber(entry.population)}
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function CombatTable({ list, marks }: { list: CombatRankings; marks: Marks }) {
  const { t } = useTranslation('rankings');
  const rowProps = useFoundRow(marks.found, list.entries.map((e) => e.rank));
  return (
    <Table
      caption={t(`captions.${list.board}.${list.period}`)}
      head={
        <>
          <th scope="col">{t('columns.rank')}</th>
          <th scope="col">{t('columns.player')}</th>
          <th scope="col">{t('columns.alliance')}</th>
          <th scope="col" className="rankings__number">
            {t('columns.points')}
          </th>
        </>
      }
    >
      {list.entries.map((entry) => {
        const mine = entry.player.id === marks.viewer;
        return (
          <tr key={entry.player.id} {...rowProps(entry.rank, mine)}>
            <PlayerCells entry={entry} mine={mine} />
            <td className="rankings__number" title={String(entry.points)}>
              {formatNumber(entry.points)}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}
