// /game/village: a player without a village picks a world first (features never import each other, so app/ composes).
import { lazy } from 'react';
import { useAtomValue } from 'jotai';
import { villagesAtom } from '../state/village';

// Each its own chunk: a player sees the world picker once, the village page ever after.
const VillagePage = lazy(() => import('../features/village/VillagePage'));
const WorldPicker = lazy(() => import('../features/worlds/WorldPicker'));

export default function VillageHome() {
  const villages = useAtomValue(villagesAtom);
  return villages !== null && villages.length === 0 ? <WorldPicker /> : <VillagePage />;
}
