// What every tab of the village page gets: the village, its last overview read, the live stock, and a refetch.
import type { Village, VillageOverview } from '../../api/villages';
import type { Resources } from '../../../rules/resources';

export interface VillageContext {
  village: Village;
  overview: VillageOverview;
  /** Date.now() when the overview arrived; countdowns and live stock count from here. */
  readAt: number;
  /** Stock now, counted up from the read (the server's numbers plus production since). */
  stock: Resources;
  /** The world's speed, or null while the worlds are not loaded (times are then not shown). */
  worldSpeed: number | null;
  /** Reads the overview again, e.g. after an action. */
  refresh: () => Promise<void>;
  /** For countdowns: a refetch shortly after, shared by countdowns that end together. */
  onCountdownEnd: () => void;
}
