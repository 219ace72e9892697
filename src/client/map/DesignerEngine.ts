// The designer's stage: the real tile layer, once per view of the designer sheet (a sample area and a strip per zoom step),
// all in one canvas and one WebGL context. Redraws when the art changes (npm run dev hot-updates the atlas).
import type { Application, Container } from 'pixi.js';
import type { MapChunk } from '../state/map';
import { DESIGNER_VIEWER, DESIGNER_WORLD, designerChunks, type DesignerSheet } from './designer-sheet';
import { mapDebug } from './debug';
import { StageRuntime } from './runtime';
import { placeLayer, TerrainLayer } from './TerrainLayer';

export interface DesignerEngineParts {
  app: Application;
  /** One layer shell per view of the sheet, in the sheet's order. */
  layers: Container[];
  host: HTMLElement;
  sheet: DesignerSheet;
  onUnrecoverable(): void;
}

export class DesignerEngine {
  private readonly runtime: StageRuntime;
  private readonly layers: TerrainLayer[];
  private readonly shells: Container[];
  private readonly chunks: ReadonlyMap<string, MapChunk> = designerChunks();
  private sheet: DesignerSheet;

  constructor(parts: DesignerEngineParts) {
    this.sheet = parts.sheet;
    this.shells = parts.layers;
    this.layers = parts.layers.map((shell) => new TerrainLayer(shell));
    this.runtime = new StageRuntime({
      app: parts.app,
      host: parts.host,
      onFrame: () => this.frame(),
      onFramed: (durationMs) => {
        mapDebug.frames++;
        mapDebug.lastFrame = { camera: null, complete: this.complete, at: performance.now(), durationMs };
      },
      onTextures: (textures) => this.layers.forEach((layer) => layer.setTextures(textures)),
      onUnrecoverable: parts.onUnrecoverable,
    });
  }

  private complete = false;

  setSheet(sheet: DesignerSheet): void {
    this.sheet = sheet;
    this.runtime.requestRender();
  }

  private frame(): boolean {
    let complete = true;
    this.sheet.views.forEach((view, index) => {
      const layer = this.layers[index];
      const shell = this.shells[index];
      if (!layer || !shell) return;
      placeLayer(shell, view.geometry, view.left, view.top);
      const result = layer.update(view.geometry, { worldId: DESIGNER_WORLD, chunks: this.chunks, viewer: DESIGNER_VIEWER }, []);
      complete &&= result.complete;
    });
    this.complete = complete;
    return false;
  }

  dispose(): void {
    this.layers.forEach((layer) => layer.destroy());
    this.runtime.dispose();
  }
}
