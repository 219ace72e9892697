// One visit to the map: finds where to look (the address, else the selected village at radius 10), keeps the address in step
// with the camera, loads the chunks the camera needs, follows a switch of village, and tells the tutorial the map was seen.
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiError } from '../../api/client';
import { getMapArea, reportTutorialAction } from '../../api/map';
import { hoveredTileAtom, makeCamera, mapCameraAtom, mapHomeAtom, selectedTileAtom, MAP_DEFAULT_RADIUS } from '../../state/map';
import { loadVillagesAtom, loadWorldsAtom, villagesAtom, villagesStatusAtom, worldsAtom } from '../../state/village';
import { ChunkLoader } from './chunkLoader';
import { parseMapView, showsView, withMapView } from './urlState';
import { worldToShow } from './worldToShow';

export type MapSessionStatus = 'loading' | 'ready' | 'no-village' | 'error';

/** How long the address waits for the camera to settle (a drag moves it many times a second). */
const URL_DELAY_MS = 250;

export function useMapSession(): { status: MapSessionStatus; error: string | null; loadError: string | null } {
  const store = useStore();
  const [searchParams, setSearchParams] = useSearchParams();
  const villages = useAtomValue(villagesAtom);
  const villagesStatus = useAtomValue(villagesStatusAtom);
  const loadVillages = useSetAtom(loadVillagesAtom);
  const worlds = useAtomValue(worldsAtom);
  const loadWorlds = useSetAtom(loadWorldsAtom);
  const home = useAtomValue(mapHomeAtom);
  const camera = useAtomValue(mapCameraAtom);
  const [status, setStatus] = useState<MapSessionStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const started = useRef(false);
  const reported = useRef(false);
  const homeSeen = useRef<string | null>(null);
  // The address as it was when the page opened: it decides the first view, later changes come from the camera.
  const initialParams = useRef(searchParams);
  // The view the page opened on while the address named none: the address stays plain until the player moves away.
  const openingView = useRef<{ x: number; y: number; radius: number } | null>(null);

  // The shell may not have loaded the villages yet: ask as well (a load already running is shared, not repeated).
  useEffect(() => {
    if (villages === null) void loadVillages();
  }, [villages, loadVillages]);

  // The first view, once the villages (and, for a player without a village, the worlds) are known.
  useEffect(() => {
    if (started.current || villages === null) return;
    const fromAddress = parseMapView(initialParams.current);
    const radius = fromAddress?.radius ?? MAP_DEFAULT_RADIUS;
    if (home) {
      started.current = true;
      store.set(selectedTileAtom, null);
      homeSeen.current = `${home.worldId}:${home.x}:${home.y}`;
      const centre = fromAddress?.centre ?? home;
      const camera = makeCamera(home.worldId, centre.x, centre.y, radius);
      if (!fromAddress) openingView.current = camera;
      store.set(mapCameraAtom, camera);
      setStatus('ready');
      return;
    }
    // No village yet: show the default world around its centre, so the player can look for a place.
    if (worlds === null) {
      // This effect runs again when the worlds arrive.
      let cancelled = false;
      loadWorlds().catch((failure: unknown) => {
        if (cancelled) return;
        setError(apiError(failure, 'The world could not be loaded.'));
        setStatus('error');
      });
      return () => {
        cancelled = true;
      };
    }
    started.current = true;
    store.set(selectedTileAtom, null);
    const world = worldToShow(worlds);
    if (!world) {
      setError('There is no world to show yet.');
      setStatus('error');
      return;
    }
    const centre = fromAddress?.centre ?? { x: 0, y: 0 };
    const camera = makeCamera(world.id, centre.x, centre.y, radius);
    if (!fromAddress) openingView.current = camera;
    store.set(mapCameraAtom, camera);
    setStatus('no-village');
  }, [villages, home, worlds, loadWorlds, store]);

  // Switching village in the shell while on the map recentres on the new one.
  useEffect(() => {
    if (!home || homeSeen.current === null) return;
    const seen = `${home.worldId}:${home.x}:${home.y}`;
    if (seen === homeSeen.current) return;
    homeSeen.current = seen;
    const current = store.get(mapCameraAtom);
    store.set(mapCameraAtom, makeCamera(home.worldId, home.x, home.y, current?.radius ?? MAP_DEFAULT_RADIUS));
    store.set(selectedTileAtom, null);
  }, [home, store]);

  // The address follows the camera (replacing, so Back leaves the map instead of replaying every step), also when
  // something else rewrote it (the Map link while on the map). While the map still shows the view it opened on from a
  // plain /game/map, the address stays plain: a reload shows that view anyway.
  useEffect(() => {
    if (!camera) return;
    const view = { x: camera.x, y: camera.y, radius: camera.radius };
    if (showsView(searchParams, view)) return;
    const opening = openingView.current;
    if (opening) {
      if (opening.x === view.x && opening.y === view.y && opening.radius === view.radius) return;
      openingView.current = null;
    }
    const timer = setTimeout(() => {
      setSearchParams((params) => (showsView(params, view) ? params : withMapView(params, view)), { replace: true, preventScrollReset: true });
    }, URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [camera, searchParams, setSearchParams]);

  // Tiles for the camera, for as long as the page is open.
  useEffect(() => {
    const loader = new ChunkLoader(store, getMapArea, { onError: (message) => setLoadError(message) });
    return () => loader.dispose();
  }, [store]);

  // The tutorial's view_map, once per visit.
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    void reportTutorialAction('view_map');
  }, []);

  // Leaving the map forgets the view (the next visit starts at the village or at its address).
  useEffect(
    () => () => {
      started.current = false;
      store.set(mapCameraAtom, null);
      store.set(selectedTileAtom, null);
      store.set(hoveredTileAtom, null);
    },
    [store],
  );

  // The villages load logs its own failure; the map says so instead of waiting for ever.
  if (villages === null && villagesStatus === 'error') return { status: 'error', error: 'Your villages could not be loaded.', loadError };
  return { status, error, loadError };
}
