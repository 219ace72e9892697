// The village art on the GPU: the packed SVG of virtual:village-atlas drawn into one canvas texture and cut into a texture
// per piece, so the whole scene draws from one texture. In `npm run dev` a changed piece or style arrives by hot update and
// every scene reloads its textures.
import { CanvasSource, Rectangle, Texture } from 'pixi.js';
import atlasModule from 'virtual:village-atlas';
import { rasterScale } from './layout';
import { VILLAGE_ART, type VillageArt, type VillageAtlasData } from './village-atlas-data';

let current: VillageAtlasData = atlasModule;
const subscribers = new Set<(atlas: VillageAtlasData) => void>();

export function currentVillageAtlas(): VillageAtlasData {
  return current;
}

/** Calls back with the new atlas whenever the art changes (only in development); returns the unsubscribe. */
export function subscribeVillageAtlas(callback: (atlas: VillageAtlasData) => void): () => void {
  subscribers.add(callback);
  return () => subscribers.delete(callback);
}

if (import.meta.hot) {
  import.meta.hot.accept('virtual:village-atlas', (next) => {
    const atlas: VillageAtlasData | undefined = next?.default;
    if (!atlas) return;
    current = atlas;
    for (const callback of subscribers) callback(atlas);
  });
}

export interface VillageTextures {
  atlas: VillageAtlasData;
  /** The device pixels per scene unit the art was rasterised for. */
  stagePixels: number;
  art(name: VillageArt): Texture;
  destroy(): void;
}

async function rasterise(atlas: VillageAtlasData, scale: number): Promise<HTMLCanvasElement> {
  const url = URL.createObjectURL(new Blob([atlas.svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image(atlas.width * scale, atlas.height * scale);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(atlas.width * scale);
    canvas.height = Math.ceil(atlas.height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Cannot draw the village atlas: no 2D canvas');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Draws the atlas into one texture for a stage showing a scene unit as `stagePixels` device pixels, and cuts a texture
 * per piece. The caller owns the result and destroys it.
 */
export async function loadVillageTextures(atlas: VillageAtlasData, stagePixels: number): Promise<VillageTextures> {
  const scale = rasterScale(atlas, stagePixels);
  const canvas = await rasterise(atlas, scale);
  // resolution = scale, so frames are given in atlas units.
  const source = new CanvasSource({ resource: canvas, resolution: scale, autoGenerateMipmaps: false, scaleMode: 'linear' });
  const textures = new Map<VillageArt, Texture>();
  for (const art of VILLAGE_ART) {
    const frame = atlas.frames[art];
    // The build refuses an atlas without every piece; an old module in development may still lack one.
    if (!frame) continue;
    textures.set(art, new Texture({ source, frame: new Rectangle(frame.x, frame.y, frame.width, frame.height), label: `village:${art}` }));
  }
  return {
    atlas,
    stagePixels,
    art(name) {
      return textures.get(name) ?? Texture.EMPTY;
    },
    destroy() {
      for (const texture of textures.values()) texture.destroy(false);
      textures.clear();
      source.destroy();
      // Let the browser drop the pixels now rather than when the canvas is collected.
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}
