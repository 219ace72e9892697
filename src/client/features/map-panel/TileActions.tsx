// What the player can do with the selected tile: send troops (attack, raid or scout a stranger's or an enemy's village,
// reinforce one's own, an ally's, a confederate's or a pact partner's) or resources to a village, attack or raid an oasis,
// put a village to raid on a farm list, or found a village on free land; each opens the army page or the marketplace filled in.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MapTile } from '../../state/map';
import { canSettleQuery } from '../../state/queries';
import type { MapViewer } from '../../state/relations';
import { isFriendly } from '../../../rules/diplomacy';
import { villageRelation } from '../../../rules/tile-looks';

/** The army page's address for a tile and a mission (the army page reads the same query). */
export function armyLink(x: number, y: number, mission: 'attack' | 'raid' | 'reinforce' | 'scout' | 'settle'): string {
  return `/game/army?${new URLSearchParams({ x: String(x), y: String(y), mission }).toString()}`;
}

/** The army page's address that adds a tile's village to a farm list (the army page reads `farm=x|y`). */
export function farmLink(x: number, y: number): string {
  return `/game/army?${new URLSearchParams({ farm: `${x}|${y}` }).toString()}`;
}

/** The marketplace's address with a tile as the target of a shipment (the marketplace reads the same query). */
export function marketLink(x: number, y: number): string {
  return `/game/marketplace?${new URLSearchParams({ x: String(x), y: String(y) }).toString()}`;
}

export interface TileActionsProps {
  tile: MapTile;
  /** The signed-in player with their alliance's relations (mapViewerAtom): what may be sent depends on them. */
  viewer: MapViewer | null;
  /** The player's village the map is centred on (the army would march from it), or null. */
  home: { worldId: string; x: number; y: number } | null;
}

function SettleAction({ tile }: { tile: MapTile }) {
  const { t } = useTranslation('map-panel');
  // Asked again for every tile selected; a tile left before the answer cancels its question.
  const check = useQuery(canSettleQuery(tile.worldId, tile.x, tile.y)).data;
  if (!check) return null;
  if (!check.canSettle) return <p className="muted map-actions__note">{check.reason}</p>;
  return (
    <Link className="button button--small" to={armyLink(tile.x, tile.y, 'settle')}>
      {t('actions.found')}
    </Link>
  );
}

export function TileActions({ tile, viewer, home }: TileActionsProps) {
  const { t } = useTranslation('map-panel');
  // Armies and settlers leave from a village in this world.
  if (!home || home.worldId !== tile.worldId) return null;
  const isHome = home.x === tile.x && home.y === tile.y;
  if (tile.village) {
    if (isHome) return null;
    // The rule of sendRefusal: friends' villages take reinforcements and are never attacked, raided or scouted;
    // strangers', enemies' and barbarians' the other way round.
    const relation = villageRelation(tile, viewer);
    return (
      <div className="map-actions" role="group" aria-label={t('actions.label')}>
        {relation === 'own' ? (
          <Link className="button button--small" to={armyLink(tile.x, tile.y, 'reinforce')}>
            {t('actions.sendTroops')}
          </Link>
        ) : relation !== null && isFriendly(relation) ? (
          <Link className="button button--small" to={armyLink(tile.x, tile.y, 'reinforce')}>
            {t('actions.reinforce')}
          </Link>
        ) : (
          <>
            <Link className="button button--small" to={armyLink(tile.x, tile.y, 'attack')}>
              {t('actions.sendTroops')}
            </Link>
            <Link className="button button--secondary button--small" to={armyLink(tile.x, tile.y, 'raid')}>
              {t('actions.raid')}
            </Link>
            <Link className="button button--secondary button--small" to={armyLink(tile.x, tile.y, 'scout')}>
              {t('actions.scout')}
            </Link>
            <Link className="button button--secondary button--small" to={farmLink(tile.x, tile.y)}>
              {t('actions.farm')}
            </Link>
          </>
        )}
        {/* Merchants leave from the selected village; the marketplace says so when it has none. Barbarians trade with nobody. */}
        {tile.village.owner !== null && (
          <Link className="button button--secondary button--small" to={marketLink(tile.x, tile.y)}>
            {t('actions.sendResources')}
          </Link>
        )}
      </div>
    );
  }
  if (tile.type === 'oasis') {
    // An oasis is attacked (a hero leading an attack from a village with a longhouse annexes it) or raided to clear it.
    return (
      <div className="map-actions" role="group" aria-label={t('actions.label')}>
        <Link className="button button--small" to={armyLink(tile.x, tile.y, 'attack')}>
          {t('actions.sendTroops')}
        </Link>
        <Link className="button button--secondary button--small" to={armyLink(tile.x, tile.y, 'raid')}>
          {t('actions.raid')}
        </Link>
      </div>
    );
  }
  if (tile.type !== 'empty') return null;
  return (
    <div className="map-actions" role="group" aria-label={t('actions.label')}>
      <SettleAction tile={tile} />
    </div>
  );
}
