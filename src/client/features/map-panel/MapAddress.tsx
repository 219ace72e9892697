// Keeps the address in step with the map's camera, in a component of its own so only it re-renders as a drag moves the centre.
import { useAtomValue } from 'jotai';
import { useEffect, type RefObject } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { mapCameraAtom } from '../../state/map';
import type { OpeningView } from './useMapSession';
import { showsView, withMapView } from './urlState';

/** How long the address waits for the camera to settle (a drag moves it many times a second): no write lands in a frame of the drag. */
const URL_DELAY_MS = 250;

/**
 * The address follows the camera (replacing, so Back leaves the map instead of replaying every step), also when something
 * else rewrote it (the Map link while on the map). While the map still shows the view it opened on from a plain
 * /game/map, the address stays plain: a reload shows that view anyway.
 */
export function MapAddress({ openingView }: { openingView: RefObject<OpeningView | null> }) {
  const camera = useAtomValue(mapCameraAtom);
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
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
      // A link followed from the map leaves it mounted until the next page's chunk has loaded: the address is that
      // page's by then, and a "?x=..." written now would land on it (the army page losing its ?farm=).
      if (window.location.pathname !== pathname) return;
      setSearchParams((params) => (showsView(params, view) ? params : withMapView(params, view)), { replace: true, preventScrollReset: true });
    }, URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [camera, searchParams, setSearchParams, openingView, pathname]);
  return null;
}
