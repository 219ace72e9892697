// Map camera atoms: zoom steps, moves within the world and zooming around the pointer.
import { createStore } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import { describe, expect, it } from 'vitest';
import { centreOnAtom, goHomeAtom, makeCamera, mapCameraAtom, mapZoomAtom, moveCameraAtom, zoomCameraAtom, zoomedRadius } from './map';
import { createQueryClient } from './queryClient';
import { queryKeys } from './queryKeys';
import { signInAtom } from './session';
import { selectedVillageIdAtom, type Village } from './village';

const village = (id: string, x: number, y: number): Village => ({ id, name: id, x, y, population: 2, loyalty: 100, isCapital: true, worldId: 'w', ownerId: 'me' });

describe('map camera intents', () => {
  it('zooms in steps of 2 within 5..25, from the default 10 too', () => {
    expect(zoomedRadius(10, 'in')).toBe(8);
    expect(zoomedRadius(6, 'in')).toBe(5);
    expect(zoomedRadius(5, 'in')).toBe(5);
    expect(zoomedRadius(24, 'out')).toBe(25);
    expect(zoomedRadius(25, 'out')).toBe(25);
    expect(zoomedRadius(5, 'out')).toBe(7);
  });

  it('counts zoom 1 at radius 10', () => {
    const store = createStore();
    store.set(mapCameraAtom, makeCamera('w', 0, 0));
    expect(store.get(mapZoomAtom)).toBe(1);
    store.set(zoomCameraAtom, { direction: 'in' });
    expect(store.get(mapCameraAtom)?.radius).toBe(8);
    expect(store.get(mapZoomAtom)).toBe(1.25);
  });

  it('moves and centres within the coordinates the map serves', () => {
    const store = createStore();
    store.set(mapCameraAtom, makeCamera('w', 198, 0));
    store.set(moveCameraAtom, { x: 5, y: -5 });
    expect(store.get(mapCameraAtom)).toEqual({ worldId: 'w', x: 200, y: -5, radius: 10 });
    store.set(centreOnAtom, { x: -250, y: 3 });
    expect(store.get(mapCameraAtom)).toMatchObject({ x: -200, y: 3 });
  });

  it('zooms around an anchor so it stays under the pointer', () => {
    const store = createStore();
    store.set(mapCameraAtom, makeCamera('w', 0, 0, 10));
    // The anchor 8 tiles right of the centre at radius 10 is 8/21 of the way; at radius 8 that is ~6.5 of 17.
    store.set(zoomCameraAtom, { direction: 'in', anchor: { x: 8, y: -8 } });
    expect(store.get(mapCameraAtom)).toEqual({ worldId: 'w', x: 2, y: -2, radius: 8 });
    store.set(zoomCameraAtom, { direction: 'out', anchor: { x: 2, y: -2 } });
    expect(store.get(mapCameraAtom)).toMatchObject({ x: 2, y: -2, radius: 10 });
  });

  it('goes home to the selected village', () => {
    // The map reads the villages query through atoms: the villages as read, the selection as chosen.
    const store = createStore();
    const client = createQueryClient();
    store.set(queryClientAtom, client);
    store.set(signInAtom, { token: 't', user: { id: 'me', username: 'Ragnar', email: 'r@x.no', role: 'user', discordAvatar: null, createdAt: '' } });
    client.setQueryData(queryKeys.villages('me'), [village('a', 10, 20), village('b', -3, 4)]);
    store.set(selectedVillageIdAtom, 'b');
    store.set(mapCameraAtom, makeCamera('w', 50, 50, 15));
    store.set(goHomeAtom);
    expect(store.get(mapCameraAtom)).toEqual({ worldId: 'w', x: -3, y: 4, radius: 15 });
  });
});
