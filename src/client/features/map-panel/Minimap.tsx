// The minimap: the whole world's ground in its terrain colours (from the terrain generator, no request), the player's
// villages, and the map's view as a rectangle. A click on it, or an arrow key while it has focus, moves the map there.
import { useAtomValue, useSetAtom } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect, useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { centreOnAtom, mapCameraAtom, moveCameraAtom } from '../../state/map';
import { worldsQuery } from '../../state/queries';
import { villagesAtom } from '../../state/village';
import { mapArt } from './mapStyle';
import { minimapPoint, minimapStep, minimapTile, minimapView, type MinimapFrame } from './minimap';
import { terrainPicture, type TerrainColours } from './minimapTerrain';

/** The minimap's own units: its SVG is this many units square, whatever size the page gives it. */
const SIDE = 200;

const TERRAIN_COLOURS: TerrainColours = {
  empty: mapArt.style.tiles.empty.fill,
  forest: mapArt.style.tiles.forest.fill,
  mountain: mapArt.style.tiles.mountain.fill,
  water: mapArt.style.tiles.water.fill,
  oasis: mapArt.style.tiles.oasis.fill,
};

/** `towards` names map-panel:minimap.<towards>. */
const KEY_STEPS: Readonly<Record<string, { x: number; y: number; towards: 'north' | 'south' | 'west' | 'east' }>> = {
  ArrowUp: { x: 0, y: 1, towards: 'north' },
  ArrowDown: { x: 0, y: -1, towards: 'south' },
  ArrowLeft: { x: -1, y: 0, towards: 'west' },
  ArrowRight: { x: 1, y: 0, towards: 'east' },
};

/** The world's ground as an image, once it is computed (null until then, or where no canvas can draw it). */
function useTerrainPicture(world: { seed?: number; size: number } | null): string | null {
  const [picture, setPicture] = useState<{ key: string; url: string } | null>(null);
  const key = world && world.seed !== undefined ? `${world.seed}:${world.size}` : null;
  useEffect(() => {
    if (!world || world.seed === undefined || key === null) return;
    let current = true;
    terrainPicture({ seed: world.seed, size: world.size, colours: TERRAIN_COLOURS }).then(
      (url) => {
        if (current) setPicture({ key, url });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [world, key]);
  return picture && picture.key === key ? picture.url : null;
}

export function Minimap() {
  const { t } = useTranslation('map-panel');
  const camera = useAtomValue(mapCameraAtom);
  const villages = useAtomValue(villagesAtom);
  const centreOn = useSetAtom(centreOnAtom);
  const move = useSetAtom(moveCameraAtom);
  const worlds = useQuery({ ...worldsQuery(), enabled: camera !== null }).data;
  const world = worlds?.find((w) => w.id === camera?.worldId) ?? null;
  const picture = useTerrainPicture(world);
  const [said, setSaid] = useState('');
  const helpId = useId();

  if (!camera || !world) return null;
  const frame: MinimapFrame = { size: world.size, pixels: SIDE };
  const view = minimapView(frame, camera);
  const mine = (villages ?? []).filter((village) => village.worldId === world.id);
  const step = minimapStep(world.size);

  const jump = (tile: { x: number; y: number }) => {
    centreOn(tile);
    setSaid(t('minimap.centred', { x: tile.x, y: tile.y }));
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    // The picture's box, inside the frame's border.
    const box = (event.currentTarget.firstElementChild ?? event.currentTarget).getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    jump(minimapTile(frame, { px: ((event.clientX - box.left) * SIDE) / box.width, py: ((event.clientY - box.top) * SIDE) / box.height }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = KEY_STEPS[event.key];
    if (!direction || event.ctrlKey || event.metaKey || event.altKey) return;
    // The map's own keys move one tile: here an arrow moves a tenth of the world.
    event.preventDefault();
    move({ x: direction.x * step, y: direction.y * step });
    setSaid(t('minimap.moved', { step, towards: t(`minimap.${direction.towards}`) }));
  };

  return (
    <section className="card map-panel map-minimap" aria-labelledby="map-minimap-title">
      <h2 id="map-minimap-title">{t('minimap.title')}</h2>
      <div
        className="map-minimap__frame"
        role="group"
        tabIndex={0}
        aria-label={t('minimap.label', { name: world.name })}
        aria-describedby={helpId}
        data-testid="minimap"
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <svg viewBox={`0 0 ${SIDE} ${SIDE}`} aria-hidden="true" focusable="false">
          <rect width={SIDE} height={SIDE} fill={mapArt.style.background} />
          {picture && (
            <image href={picture} width={SIDE} height={SIDE} preserveAspectRatio="none" className={2 * world.size + 1 < SIDE ? 'map-minimap__ground--sharp' : undefined} />
          )}
          {mine.map((village) => {
            const at = minimapPoint(frame, village);
            return <circle key={village.id} cx={at.px} cy={at.py} r={3.2} className="map-minimap__village" fill={mapArt.style.tiles['own-village'].fill} />;
          })}
          {view && <rect x={view.x} y={view.y} width={view.width} height={view.height} className="map-minimap__view" data-testid="minimap-view" />}
        </svg>
      </div>
      <p id={helpId} className="map-minimap__help muted">
        {t('minimap.help', { step })}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </section>
  );
}
