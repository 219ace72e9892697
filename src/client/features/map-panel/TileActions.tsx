// What the player can do with the selected tile: send troops to a village (attack, raid, reinforce) or found a village on free land; each opens the army page filled in.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { canSettle, type SettlementCheck } from '../../api/settlement';
import type { MapTile } from '../../state/map';

/** The army page's address for a tile and a mission (the army page reads the same query). */
export function armyLink(x: number, y: number, mission: 'attack' | 'raid' | 'reinforce' | 'settle'): string {
  return `/game/army?${new URLSearchParams({ x: String(x), y: String(y), mission }).toString()}`;
}

export interface TileActionsProps {
  tile: MapTile;
  viewerId: string | null;
  /** The player's village the map is centred on (the army would march from it), or null. */
  home: { worldId: string; x: number; y: number } | null;
}

function SettleAction({ tile }: { tile: MapTile }) {
  const [check, setCheck] = useState<SettlementCheck | null>(null);
  useEffect(() => {
    setCheck(null);
    const controller = new AbortController();
    canSettle(tile.worldId, tile.x, tile.y, controller.signal).then(setCheck, (error: unknown) => {
      if (!controller.signal.aborted) console.error('Checking the tile for settling failed', error);
    });
    return () => controller.abort();
  }, [tile.worldId, tile.x, tile.y]);
  if (!check) return null;
  if (!check.canSettle) return <p className="muted map-actions__note">{check.reason}</p>;
  return (
    <Link className="button button--small" to={armyLink(tile.x, tile.y, 'settle')}>
      Found village here
    </Link>
  );
}

export function TileActions({ tile, viewerId, home }: TileActionsProps) {
  // Armies and settlers leave from a village in this world.
  if (!home || home.worldId !== tile.worldId) return null;
  const isHome = home.x === tile.x && home.y === tile.y;
  if (tile.village) {
    if (isHome) return null;
    const own = viewerId !== null && tile.village.owner?.id === viewerId;
    return (
      <div className="map-actions" role="group" aria-label="Tile actions">
        {own ? (
          <Link className="button button--small" to={armyLink(tile.x, tile.y, 'reinforce')}>
            Send troops
          </Link>
        ) : (
          <>
            <Link className="button button--small" to={armyLink(tile.x, tile.y, 'attack')}>
              Send troops
            </Link>
            <Link className="button button--secondary button--small" to={armyLink(tile.x, tile.y, 'raid')}>
              Raid
            </Link>
            {/* Only an ally's village takes reinforcements, and allies share an alliance. */}
            {tile.village.alliance && (
              <Link className="button button--secondary button--small" to={armyLink(tile.x, tile.y, 'reinforce')}>
                Reinforce
              </Link>
            )}
          </>
        )}
      </div>
    );
  }
  if (tile.type !== 'empty') return null;
  return (
    <div className="map-actions" role="group" aria-label="Tile actions">
      <SettleAction tile={tile} />
    </div>
  );
}
