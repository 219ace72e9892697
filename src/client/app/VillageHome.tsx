// /game/village: a player without a village picks a world first (features never import each other, so app/ composes).
import { lazy } from 'react';
import { useAtomValue } from 'jotai';
import { villagesAtom, villagesStatusAtom } from '../state/village';
import { Spinner } from '../ui/Spinner';

// Each its own chunk: a player sees the world picker once, the village page ever after.
const VillagePage = lazy(() => import('../features/village/VillagePage'));
const WorldPicker = lazy(() => import('../features/worlds/WorldPicker'));

export default function VillageHome() {
  const villages = useAtomValue(villagesAtom);
  const status = useAtomValue(villagesStatusAtom);
  // Until the villages are known, a spinner in the page's place: the village page shown meanwhile would grow its heading
  // into the village's header above its own spinner, moving it (a layout shift). A failed read is the page's to show.
  if (villages === null && status !== 'error') return <Spinner fullPage label="Loading your villages..." />;
  return villages !== null && villages.length === 0 ? <WorldPicker /> : <VillagePage />;
}
