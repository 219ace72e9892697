// Hosts a Pixi Application with @pixi/react: the canvas, the layer shells (containers the engines draw into), and the engine's
// lifetime. The engine is created once Pixi and every shell exist, disposed before Pixi is destroyed, and rebuilt from scratch
// (a new canvas and context) when a lost WebGL context does not come back.
import 'pixi.js/unsafe-eval';
import { Application, extend } from '@pixi/react';
import { Container, isWebGLSupported, type Application as PixiApplication } from 'pixi.js';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { currentAtlas } from './atlas';
import { mapDebug, trackContext } from './debug';

extend({ Container });

export interface StageLayer {
  label: string;
  /** Layers that only move as a whole (the tiles) are render groups: moving them costs one transform, not a walk over every sprite. */
  renderGroup?: boolean;
}

export interface StageParts {
  app: PixiApplication;
  layers: Container[];
  host: HTMLDivElement;
  /** Throws this stage away and builds a new one (after an unrecoverable context loss). */
  rebuild(): void;
}

export interface StageEngine {
  dispose(): void;
}

export interface StageHostProps {
  layers: readonly StageLayer[];
  create(parts: StageParts): StageEngine;
  /** Accessible name of the canvas. */
  label: string;
  className?: string;
}

interface Slot {
  generation: number;
  app: PixiApplication | null;
  layers: (Container | null)[];
  engine: StageEngine | null;
  mounted: boolean;
}

function makeSlot(generation: number, layerCount: number): Slot {
  return { generation, app: null, layers: new Array<Container | null>(layerCount).fill(null), engine: null, mounted: false };
}

/** The host fills its positioned parent; the parent decides the stage's size. It clips a canvas drawn larger than itself. */
const HOST_STYLE = { position: 'absolute', inset: 0, overflow: 'hidden' } as const;

const EVENTS_OFF = { move: false, globalMove: false, click: false, wheel: false };
/**
 * Pixi's accessibility layer would take over the Tab key and lay divs over the canvas; the HUD is the accessible
 * part of the map. (Its option is a renderer option that @pixi/react's prop types leave out, hence the spread.)
 */
const ACCESSIBILITY_OFF = { accessibilityOptions: { enabledByDefault: false, activateOnTab: false } } as object;

export function StageHost({ layers, create, label, className }: StageHostProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const createRef = useRef(create);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [slot, setSlot] = useState(() => makeSlot(0, layers.length));
  // Checked once (Pixi caches it): without WebGL there is no stage, and the player should be told why.
  const [webgl] = useState(() => isWebGLSupported());

  useLayoutEffect(() => {
    createRef.current = create;
  }, [create]);

  const start = useCallback((current: Slot) => {
    const host = hostRef.current;
    if (!current.mounted || current.engine || !current.app || !host || current.layers.some((layer) => layer === null)) return;
    current.engine = createRef.current({
      app: current.app,
      layers: current.layers as Container[],
      host,
      rebuild: () => setSlot((previous) => (previous === current ? makeSlot(current.generation + 1, current.layers.length) : previous)),
    });
  }, []);

  // The canvas is created at the host's size; the engine follows later size changes itself.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (host) setSize({ width: Math.max(1, host.clientWidth), height: Math.max(1, host.clientHeight) });
  }, []);

  // Runs before @pixi/react's own cleanup (a passive effect), so the engine lets go of sprites and textures while Pixi still lives.
  useLayoutEffect(() => {
    slot.mounted = true;
    start(slot);
    return () => {
      slot.mounted = false;
      slot.engine?.dispose();
      slot.engine = null;
    };
  }, [slot, start]);

  const onInit = useCallback(
    (app: PixiApplication) => {
      const renderer = app.renderer as PixiApplication['renderer'] & { gl?: WebGL2RenderingContext };
      mapDebug.renderers++;
      renderer.runners.destroy.add({ destroy: () => void mapDebug.renderers-- });
      trackContext(renderer.gl);
      app.canvas.setAttribute('role', 'img');
      app.canvas.setAttribute('aria-label', label);
      slot.app = app;
      start(slot);
    },
    [slot, start, label],
  );

  const layerRefs = useLayerRefs(slot, start);

  if (!webgl) {
    return (
      <div className="map-stage-host" style={{ ...HOST_STYLE, display: 'grid', placeItems: 'center', padding: '1rem', textAlign: 'center' }} role="alert">
        This browser cannot draw the map: WebGL is turned off or not available.
      </div>
    );
  }

  return (
    <div ref={hostRef} className="map-stage-host" style={HOST_STYLE}>
      {size && (
        <Application
          key={slot.generation}
          className={className}
          width={size.width}
          height={size.height}
          resolution={typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1}
          autoDensity
          autoStart={false}
          sharedTicker={false}
          antialias={false}
          preference="webgl"
          background={currentAtlas().style.background}
          eventFeatures={EVENTS_OFF}
          eventMode="none"
          {...ACCESSIBILITY_OFF}
          onInit={onInit}
        >
          {layers.map((layer, index) => (
            <pixiContainer key={layer.label} ref={layerRefs[index]} label={layer.label} isRenderGroup={layer.renderGroup ?? false} />
          ))}
        </Application>
      )}
    </div>
  );
}

/** One stable ref callback per layer shell of a slot, so React does not detach and re-attach them on every render. */
function useLayerRefs(slot: Slot, start: (slot: Slot) => void): ((container: Container | null) => void)[] {
  const cache = useRef<{ slot: Slot; refs: ((container: Container | null) => void)[] } | null>(null);
  if (!cache.current || cache.current.slot !== slot) {
    cache.current = {
      slot,
      refs: slot.layers.map((_, index) => (container: Container | null) => {
        slot.layers[index] = container;
        if (container) start(slot);
      }),
    };
  }
  return cache.current.refs;
}
