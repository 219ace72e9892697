// Where a tooltip over the stage goes: above the thing it names, or below it near the top edge; centred on it, or flush with
// it near the sides, so it stays on the stage. Shared by the tile's tooltip and a marching army's.

/** A square on the stage (a tile, or a marker's box), in CSS pixels from the stage's top left corner. */
export interface StageSquare {
  left: number;
  top: number;
  size: number;
  stageWidth: number;
}

export interface TooltipPlace {
  className: string;
  style: { left: number; top: number };
}

export function tooltipPlace({ left, top, size, stageWidth }: StageSquare): TooltipPlace {
  const below = top < 44;
  const centre = left + size / 2;
  const side = centre < 90 ? 'start' : centre > stageWidth - 90 ? 'end' : 'middle';
  return {
    className: `map-tooltip map-tooltip--${side}${below ? ' map-tooltip--below' : ''}`,
    style: {
      left: side === 'start' ? Math.max(0, left) : side === 'end' ? Math.min(stageWidth, left + size) : centre,
      top: below ? top + size : top,
    },
  };
}
