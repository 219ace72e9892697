// The buildings tab's picture view: the village drawn by PixiJS (its chunk loads only when this view is shown), a tooltip
// naming what is under the pointer, and a dialog with the card of what was clicked: a building's upgrade, or what may be
// built on a plot. The cards are the list view's own, so an action does the same from either view.
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFieldType, isInnerSlot } from '../../../rules/buildings';
import { i18n } from '../../i18n';
import { buildingName } from '../../i18n/game';
import type { SceneHover, VillageSceneData } from '../../map/village/VillageScene';
import { Modal } from '../../ui/Modal';
import { BuildingCard } from './BuildingCard';
import { PlotCard } from './PlotCard';
import type { VillageContext } from './context';

const VillageScene = lazy(() => import('../../map/village/VillageScene'));

/** What the tooltip says of a slot: the building and its level (and the level being built), or a free plot. */
export function slotCaption(buildings: VillageContext['overview']['buildings'], slot: number): string {
  const building = buildings.find((b) => b.slot === slot);
  if (!building) return isInnerSlot(slot) ? i18n.t('village:picture.plotCaption', { slot }) : i18n.t('village:picture.slotCaption', { slot });
  const name = buildingName(building.type);
  if (building.isUpgrading && building.level === 0) return i18n.t('village:picture.beingBuilt', { name });
  const level = i18n.t('village:picture.levelCaption', { name, level: building.level });
  return building.isUpgrading ? i18n.t('village:picture.upgradingCaption', { caption: level, level: building.level + 1 }) : level;
}

function SlotDialog({ slot, ctx, onClose }: { slot: number | null; ctx: VillageContext; onClose: () => void }) {
  const { t } = useTranslation('village');
  if (slot === null) return null;
  const building = ctx.overview.buildings.find((b) => b.slot === slot);
  const plot = !building && isInnerSlot(slot);
  if (!building && !plot) return null;
  return (
    <Modal open title={building ? buildingName(building.type) : t('picture.plotTitle', { slot })} onClose={onClose} className="village-card-dialog">
      {building ? <BuildingCard building={building} ctx={ctx} /> : <PlotCard slot={slot} ctx={ctx} />}
    </Modal>
  );
}

export function VillagePicture({ ctx }: { ctx: VillageContext }) {
  const { t } = useTranslation('village');
  const [opened, setOpened] = useState<number | null>(null);
  const [hover, setHover] = useState<SceneHover | null>(null);
  const { village, overview, readAt } = ctx;
  const { buildings } = overview;
  // A new object only when the read changes: the scene draws again only then.
  const data = useMemo<VillageSceneData>(() => ({ villageId: village.id, buildings, readAt }), [village.id, buildings, readAt]);
  const onOpen = useCallback((slot: number) => setOpened(slot), []);
  const close = useCallback(() => setOpened(null), []);
  const fields = buildings.filter((b) => isFieldType(b.type)).length;
  const inner = buildings.length - fields;
  const label = t('picture.label', { village: village.name, fields, count: inner });

  return (
    <section className="village-picture" aria-labelledby="village-picture-title">
      <h2 id="village-picture-title" className="visually-hidden">
        {t('picture.title')}
      </h2>
      <p className="muted village-picture__hint">{t('picture.hint')}</p>
      <div className="village-picture__stage">
        <Suspense fallback={<p className="village-picture__loading">{t('picture.drawing')}</p>}>
          <VillageScene data={data} onOpen={onOpen} onHover={setHover} label={label} />
        </Suspense>
        {hover && (
          <div className="village-picture__tooltip" role="tooltip" style={{ left: hover.x, top: hover.y }}>
            {slotCaption(buildings, hover.slot)}
          </div>
        )}
      </div>
      <SlotDialog slot={opened} ctx={ctx} onClose={close} />
    </section>
  );
}
