// The village scene: a StageHost with the ground, the village and an overlay, driven by a VillageEngine. Loaded with
// React.lazy by the village page's picture view and the designer, so PixiJS comes only with the picture.
import { isWebGLSupported } from 'pixi.js';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { StageHost, type StageLayer, type StageParts } from '../StageHost';
import { VillageEngine, type SceneHover, type VillageSceneData } from './VillageEngine';

export type { SceneHover, VillageSceneData };

const LAYERS: readonly StageLayer[] = [{ label: 'ground' }, { label: 'village' }, { label: 'overlay' }];

export interface VillageSceneProps {
  data: VillageSceneData;
  /** A building, field or plot was clicked: open its card. */
  onOpen(slot: number): void;
  /** The pointer is over a slot (or left every slot): show its name and level. */
  onHover?(hover: SceneHover | null): void;
  /** Accessible name of the canvas. */
  label: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the player lets pages move things about (prefers-reduced-motion), followed as it changes. */
function useMotionAllowed(): boolean {
  const [allowed, setAllowed] = useState(() => typeof window.matchMedia !== 'function' || !window.matchMedia(REDUCED_MOTION).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(REDUCED_MOTION);
    const changed = () => setAllowed(!query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return allowed;
}

function VillageScene({ data, onOpen, onHover, label }: VillageSceneProps) {
  const engine = useRef<VillageEngine | null>(null);
  const latest = useRef({ data, onOpen, onHover });
  const motion = useMotionAllowed();
  const motionRef = useRef(motion);
  // Checked once (Pixi caches it): without WebGL there is no picture, and the list view still works.
  const [webgl] = useState(() => isWebGLSupported());

  useLayoutEffect(() => {
    latest.current = { data, onOpen, onHover };
    engine.current?.setData(data);
  }, [data, onOpen, onHover]);

  useEffect(() => {
    motionRef.current = motion;
    engine.current?.setMotion(motion);
  }, [motion]);

  const create = useCallback(({ app, layers: [ground, scene, overlay], host, rebuild }: StageParts) => {
    if (!ground || !scene || !overlay) throw new Error('The village scene is built with its three layers');
    const created = new VillageEngine({
      app,
      ground,
      scene,
      overlay,
      host,
      onUnrecoverable: rebuild,
      onOpen: (slot) => latest.current.onOpen(slot),
      onHover: (hover) => latest.current.onHover?.(hover),
    });
    created.setMotion(motionRef.current);
    created.setData(latest.current.data);
    engine.current = created;
    return {
      dispose() {
        if (engine.current === created) engine.current = null;
        latest.current.onHover?.(null);
        created.dispose();
      },
    };
  }, []);

  if (!webgl) {
    return (
      <p className="village-scene__no-webgl" role="alert">
        This browser cannot draw the village picture: WebGL is turned off or not available. The list shows every building.
      </p>
    );
  }
  return <StageHost layers={LAYERS} create={create} label={label} className="village-scene__canvas" />;
}

// Nothing the page re-renders for (the stock ticking up each second) concerns the scene.
export default memo(VillageScene);
