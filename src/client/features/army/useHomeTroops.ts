// Reads the units of each of the player's villages (what stands at home and what is in training) and reads again when told.
import { useCallback, useEffect, useRef, useState } from 'react';
import { getVillageOverview, type Unit, type Village } from '../../api/villages';

export interface VillageTroops {
  units: Unit[];
  /** Longhouse level of the village (founding needs 10 in the source village). */
  longhouse: number;
  /** Date.now() when read, for training countdowns. */
  readAt: number;
}

export type HomeTroops = ReadonlyMap<string, VillageTroops>;

/** `version` rising (a live event, troops sent) reads every village again; the old numbers stay on screen meanwhile. */
export function useHomeTroops(villages: readonly Village[] | null, version: number) {
  const [troops, setTroops] = useState<HomeTroops>(new Map());
  const [failed, setFailed] = useState(false);
  const sequence = useRef(0);
  const ids = (villages ?? []).map((v) => v.id).join(',');

  const reload = useCallback(async (): Promise<void> => {
    const mine = ++sequence.current;
    const list = ids === '' ? [] : ids.split(',');
    try {
      const overviews = await Promise.all(list.map((id) => getVillageOverview(id)));
      if (mine !== sequence.current) return;
      const readAt = Date.now();
      setTroops(new Map(overviews.map((o, i) => [list[i], { units: o.units, longhouse: Math.max(0, ...o.buildings.filter((b) => b.type === 'longhouse').map((b) => b.level)), readAt }])));
      setFailed(false);
    } catch (error) {
      console.error('Loading the troops failed', error);
      if (mine === sequence.current) setFailed(true);
    }
  }, [ids]);

  useEffect(() => {
    void reload();
  }, [reload, version]);

  return { troops, failed, reload };
}
