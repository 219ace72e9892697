// The designer's canvas: a StageHost with one tile layer per view of the sheet, driven by a DesignerEngine.
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { DesignerEngine } from './DesignerEngine';
import type { DesignerSheet } from './designer-sheet';
import { StageHost, type StageParts } from './StageHost';

export interface DesignerStageProps {
  sheet: DesignerSheet;
}

function DesignerStage({ sheet }: DesignerStageProps) {
  const engine = useRef<DesignerEngine | null>(null);
  const sheetRef = useRef(sheet);
  const layerCount = sheet.views.length;
  const layers = useMemo(() => Array.from({ length: layerCount }, (_, i) => ({ label: `view ${i}`, renderGroup: true })), [layerCount]);

  useEffect(() => {
    sheetRef.current = sheet;
    engine.current?.setSheet(sheet);
  }, [sheet]);

  const create = useCallback(({ app, layers: shells, host, rebuild }: StageParts) => {
    const created = new DesignerEngine({ app, layers: shells, host, sheet: sheetRef.current, onUnrecoverable: rebuild });
    engine.current = created;
    return {
      dispose() {
        if (engine.current === created) engine.current = null;
        created.dispose();
      },
    };
  }, []);

  return (
    <div className="designer-stage" style={{ width: sheet.width, height: sheet.height }}>
      <StageHost key={layerCount} layers={layers} create={create} label="Tile designer sheet" className="designer-stage__canvas" />
    </div>
  );
}

export default memo(DesignerStage);
