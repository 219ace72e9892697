// What every part of the marketplace page gets: the player, the village, its market as last read, and its stores counted up live.
import type { Market } from '../../api/trade';
import type { Village } from '../../api/villages';
import type { Viewer } from '../../state/queryKeys';
import type { Resources } from '../../../rules/resources';

export interface MarketContext {
  viewer: Viewer;
  village: Village;
  market: Market;
  /** The stock now, counted up from the last overview read; null until the overview is read. */
  stock: Resources | null;
  /** The stores' capacity, from the same read; null until then. */
  capacity: Resources | null;
  /** How far the server's clock is ahead of this one (from the overview's serverTime), for instants the server names. */
  serverOffsetMs: number;
}
