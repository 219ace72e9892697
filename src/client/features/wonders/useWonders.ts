// Loads what the wonders page shows for one world (its wonders, the types, the alliance's effects, the winner) and reloads it after an action.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  checkVictory,
  getAllianceEffects,
  listWonderTypes,
  listWonders,
  type AllianceEffects,
  type VictoryCheck,
  type Wonder,
  type WonderTypeInfo,
} from '../../api/wonders';

export interface WondersData {
  wonders: Wonder[];
  types: WonderTypeInfo[];
  effects: AllianceEffects;
  victory: VictoryCheck;
  /** The world these are of (null: the server's choice, the player having no village). */
  worldId: string | null;
  /** Date.now() when the reply arrived: construction times count down from here. */
  readAt: number;
}

export type WondersLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: WondersData };

/** Between reads the countdowns only count; a fresh read now and then shows other players' contributions. */
export const WONDERS_RESYNC_MS = 60_000;

/** `worldId` is the selected village's world; `ready` is false while the player's villages are still being read. */
export function useWonders(worldId: string | null, ready: boolean) {
  const [load, setLoad] = useState<WondersLoad>({ status: 'loading' });
  const sequence = useRef(0);
  const typesCache = useRef<WonderTypeInfo[] | null>(null);

  const reload = useCallback(async (): Promise<void> => {
    const mine = ++sequence.current;
    const world = worldId ?? undefined;
    try {
      const [wonders, types, effects, victory] = await Promise.all([
        listWonders(world),
        // The types never change while the page is open.
        typesCache.current ?? listWonderTypes(),
        getAllianceEffects(world),
        checkVictory(world),
      ]);
      typesCache.current = types;
      // A slower, older read (another world selected meanwhile) never overwrites a newer one.
      if (mine === sequence.current) setLoad({ status: 'ready', data: { wonders, types, effects, victory, worldId, readAt: Date.now() } });
    } catch (error) {
      // Load failures are only logged; the page offers a retry, and a reload after an action keeps what is shown.
      console.error('Loading the wonders failed', error);
      if (mine === sequence.current) setLoad((old) => (old.status === 'ready' ? old : { status: 'error' }));
    }
  }, [worldId]);

  useEffect(() => {
    if (!ready) return undefined;
    void reload();
    const timer = window.setInterval(() => void reload(), WONDERS_RESYNC_MS);
    return () => window.clearInterval(timer);
  }, [ready, reload]);

  return { load, reload };
}
