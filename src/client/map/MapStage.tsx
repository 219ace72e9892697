// The world map's WebGL stage: a StageHost with a tile layer, a highlight layer and a movements layer, driven by a MapEngine over the app's atoms.
import { useStore } from 'jotai';
import { memo, useCallback } from 'react';
import { MapEngine } from './MapEngine';
import { StageHost, type StageLayer, type StageParts } from './StageHost';

const LAYERS: readonly StageLayer[] = [
  { label: 'terrain', renderGroup: true },
  { label: 'overlay', renderGroup: true },
  // Its own render group: a frame that only moves markers updates this group's transforms, not the tiles'.
  { label: 'movements', renderGroup: true },
];

function MapStage() {
  const store = useStore();
  const create = useCallback(
    ({ app, layers: [terrain, overlay, movements], host, rebuild }: StageParts) => {
      if (!terrain || !overlay || !movements) throw new Error('The map stage is built with its three layers');
      return new MapEngine({ app, terrain, overlay, movements, host, store, onUnrecoverable: rebuild });
    },
    [store],
  );
  return <StageHost layers={LAYERS} create={create} label="World map" className="map-stage__canvas" />;
}

// Nothing the page re-renders for (status, errors) concerns the stage.
export default memo(MapStage);
