// One visit to the map: finds where to look (the address, else the selected village at radius 10), keeps the address in step
// with the camera, loads the chunks the camera needs, follows a switch of village, and tells the tutorial the map was seen.
import { useAtomValue, useStore } from 'jotai';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { apiError } from '../../api/client';
import { i18n } from '../../i18n';
import { reportTutorialAction } from '../../api/map';
import { hoveredTileAtom, makeCamera, mapCameraAtom, mapHomeAtom, selectedTileAtom, MAP_DEFAULT_RADIUS } from '../../state/map';
import { mapAreaQuery, worldsQuery } from '../../state/queries';
import { villagesAtom, villagesStatusAtom } from '../../state/village';
import { sittingNow } from '../../state/session';
import { ChunkLoader, type FetchArea } from './chunkLoader';
import { parseMapView } from './urlState';
import { worldToShow } from './worldToShow';

export type MapSessionStatus = 'loading' | 'ready' | 'no-village' | 'error';

export interface MapSession {
  status: MapSessionStatus;
  error: string | null;
  loadError: string | null;
  /** The view the page opened on while the address named none (MapAddress keeps the address plain until it changes). */
  openingView: RefObject<OpeningView | null>;
}

export type OpeningView = { x: number; y: number; radius: number };

/** The chunk loader's call, through the area query of `client`: a chunk the loader gives up on cancels its read. */
function areaThrough(client: QueryClient): FetchArea {
  return ({ worldId, x, y, radius }, signal) => {
    const area = mapAreaQuery(worldId, x, y, radius);
    const cancel = () => void client.cancelQueries({ queryKey: area.queryKey, exact: true });
    signal.addEventListener('abort', cancel, { once: true });
    return client.fetchQuery(area).finally(() => signal.removeEventListener('abort', cancel));
  };
}

/** The page's own state; the camera is not read here, so a drag does not re-render the page (MapAddress follows it). */
export function useMapSession(): MapSession {
  const store = useStore();
  const client = useQueryClient();
  const [searchParams] = useSearchParams();
  // Reading the villages here asks for them too when the shell has not read them yet (the read is shared, not repeated).
  const villages = useAtomValue(villagesAtom);
  const villagesStatus = useAtomValue(villagesStatusAtom);
  const home = useAtomValue(mapHomeAtom);
  // A player without a village sees the default world: the worlds are needed only then.
  const worldsRead = useQuery({ ...worldsQuery(), enabled: villages !== null && home === null });
  const worlds = worldsRead.data ?? null;
  const [status, setStatus] = useState<MapSessionStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const started = useRef(false);
  const reported = useRef(false);
  const homeSeen = useRef<string | null>(null);
  // The address as it was when the page opened: it decides the first view, later changes come from the camera.
  const initialParams = useRef(searchParams);
  // The view the page opened on while the address named none: the address stays plain until the player moves away.
  const openingView = useRef<OpeningView | null>(null);

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
      if (worldsRead.isError) {
        setError(apiError(worldsRead.error, i18n.t('map-panel:page.worldFailed')));
        setStatus('error');
      }
      return;
    }
    started.current = true;
    store.set(selectedTileAtom, null);
    const world = worldToShow(worlds);
    if (!world) {
      setError(i18n.t('map-panel:page.noWorld'));
      setStatus('error');
      return;
    }
    const centre = fromAddress?.centre ?? { x: 0, y: 0 };
    const camera = makeCamera(world.id, centre.x, centre.y, radius);
    if (!fromAddress) openingView.current = camera;
    store.set(mapCameraAtom, camera);
    setStatus('no-village');
  }, [villages, home, worlds, worldsRead.isError, worldsRead.error, store]);

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

  // Tiles for the camera, for as long as the page is open.
  useEffect(() => {
    const loader = new ChunkLoader(store, areaThrough(client), { onError: (message) => setLoadError(message) });
    return () => loader.dispose();
  }, [store, client]);

  // The tutorial's view_map, once per visit.
  useEffect(() => {
    // The tutorial is the owner's own: a sitter's view of the map is not told (a sitting session may not report it).
    if (reported.current || sittingNow(store)) return;
    reported.current = true;
    void reportTutorialAction('view_map');
  }, [store]);

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
  if (villages === null && villagesStatus === 'error') return { status: 'error', error: i18n.t('map-panel:page.villagesFailed'), loadError, openingView };
  return { status, error, loadError, openingView };
}
