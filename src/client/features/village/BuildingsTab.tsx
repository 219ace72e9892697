// The buildings tab: what is under construction, then the village as a picture (the default) or as a list of cards (a card
// per field and inner building with Upgrade, and building anew); the choice is remembered. Every action works from both.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { constructBuilding, type BuildingTypeName } from '../../api/villages';
import { isFieldType } from '../../../rules/buildings';
import { buildingName } from '../../i18n/game';
import { BuildingCard } from './BuildingCard';
import { BuildingGlyph } from './BuildingGlyph';
import { CostList } from './CostList';
import { EndsIn } from './EndsIn';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { buildBlock, buildOptions, freeInnerSlots, isConstructionRunning, newBuildingPreview } from './model';
import { LockedBuildings } from './PlotCard';
import { useBuildingsView, type BuildingsView } from './buildingsView';
import { VillagePicture } from './VillagePicture';
import type { VillageContext } from './context';
import { useVillageAction } from './useVillageAction';

export function ConstructionStatus({ ctx }: { ctx: VillageContext }) {
  const { t } = useTranslation('village');
  const running = ctx.overview.buildings.filter((b) => b.isUpgrading);
  if (running.length === 0) {
    return <p className="construction construction--idle">{t('construction.idle')}</p>;
  }
  return (
    <ul className="construction" aria-label={t('construction.label')}>
      {running.map((b) => (
        <li key={b.id}>
          <BuildingGlyph type={b.type} size={20} />
          <span>{t('construction.toLevel', { building: buildingName(b.type), level: b.level + 1 })}</span>
          <EndsIn remaining={b.remainingTime ?? 0} readAt={ctx.readAt} onDone={ctx.onCountdownEnd} />
        </li>
      ))}
    </ul>
  );
}

function BuildPanel({ ctx }: { ctx: VillageContext }) {
  const { t } = useTranslation('village');
  const { buildings } = ctx.overview;
  const options = buildOptions(buildings);
  const available = options.filter((o) => o.available);
  const slots = freeInnerSlots(buildings);
  // The marketplace page's 'Build a marketplace' asks for it with ?build=marketplace.
  const [params] = useSearchParams();
  const [chosenType, setChosenType] = useState<string>(() => params.get('build') ?? '');
  const [chosenSlot, setChosenSlot] = useState<number | null>(null);
  const build = useVillageAction(ctx, (order: { type: BuildingTypeName; slot: number }) => constructBuilding(ctx.village.id, order.type, order.slot), t('build.failed'));

  // A choice that stopped being possible (built meanwhile) falls back to the first possible one.
  const type = available.find((o) => o.type === chosenType)?.type ?? available[0]?.type ?? null;
  const slot = chosenSlot !== null && slots.includes(chosenSlot) ? chosenSlot : (slots[0] ?? null);
  const preview = type ? newBuildingPreview(type, buildings, ctx.worldSpeed ?? 1) : null;
  const cost = preview?.cost ?? null;
  const seconds = preview && ctx.worldSpeed !== null ? preview.seconds : undefined;
  // The notice above the building list says why; here a short word beside the button is enough.
  const block = buildBlock(buildings, ctx.stock, cost);

  function onBuild() {
    if (!type || slot === null) return;
    build.run({ type, slot });
  }

  return (
    <section className="card build-panel" aria-labelledby="build-title">
      <h2 id="build-title">{t('build.title')}</h2>
      {slots.length === 0 ? (
        <p className="muted">{t('build.noSlot')}</p>
      ) : available.length === 0 ? (
        <p className="muted">{t('build.nothing')}</p>
      ) : (
        <div className="build-panel__form">
          <div className="field">
            <label htmlFor="build-type">{t('build.building')}</label>
            <select id="build-type" className="input" value={type ?? ''} onChange={(e) => setChosenType(e.target.value)}>
              {available.map((o) => (
                <option key={o.type} value={o.type}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="build-slot">{t('build.slot')}</label>
            <select id="build-slot" className="input" value={slot ?? ''} onChange={(e) => setChosenSlot(Number(e.target.value))}>
              {slots.map((s) => (
                <option key={s} value={s}>
                  {t('build.slotNumber', { slot: s })}
                </option>
              ))}
            </select>
          </div>
          {cost && (
            <div className="build-panel__cost">
              <span className="building-card__label">{t('build.levelOneCosts')}</span>
              <CostList cost={cost} stock={ctx.stock} seconds={seconds} />
            </div>
          )}
          <div className="build-panel__actions">
            <ActionButton className="button" onClick={onBuild} disabled={!type || slot === null || block !== null} pending={build.pending}>
              {t('build.build')}
            </ActionButton>
            {block && <span className="building-card__reason">{block}</span>}
          </div>
        </div>
      )}
      <ActionOutcome message={build.outcome} />
      <LockedBuildings options={options} />
    </section>
  );
}

/** The village as a picture or as a list, switched by two buttons; the picture loads PixiJS only when it is shown. */
function ViewSwitch({ view, onChange }: { view: BuildingsView; onChange: (view: BuildingsView) => void }) {
  const { t } = useTranslation('village');
  return (
    <div className="view-switch" role="group" aria-label={t('view.label')}>
      {(['picture', 'list'] as const).map((option) => (
        <button
          key={option}
          type="button"
          className={view === option ? 'button button--small' : 'button button--secondary button--small'}
          aria-pressed={view === option}
          onClick={() => onChange(option)}
        >
          {option === 'picture' ? t('view.picture') : t('view.list')}
        </button>
      ))}
    </div>
  );
}

/** Every building as a card: the inner buildings, building anew, then the fields. The keyboard's and screen reader's view. */
function BuildingsList({ ctx }: { ctx: VillageContext }) {
  const { t } = useTranslation('village');
  const fields = ctx.overview.buildings.filter((b) => isFieldType(b.type)).sort((a, b) => a.slot - b.slot);
  const inner = ctx.overview.buildings.filter((b) => !isFieldType(b.type)).sort((a, b) => a.slot - b.slot);
  return (
    <>
      <section aria-labelledby="inner-title">
        <h2 id="inner-title" className="section-title">
          {t('list.inner')}
        </h2>
        <div className="building-grid">
          {inner.map((b) => (
            <BuildingCard key={b.id} building={b} ctx={ctx} />
          ))}
        </div>
      </section>
      <BuildPanel ctx={ctx} />
      <section aria-labelledby="fields-title">
        <h2 id="fields-title" className="section-title">
          {t('list.fields')}
        </h2>
        <div className="building-grid">
          {fields.map((b) => (
            <BuildingCard key={b.id} building={b} ctx={ctx} />
          ))}
        </div>
      </section>
    </>
  );
}

export function BuildingsTab({ ctx }: { ctx: VillageContext }) {
  const { t } = useTranslation('village');
  // A page that sends the player here to build something (?build=marketplace) wants the build form of the list.
  const [params] = useSearchParams();
  const [view, setView] = useBuildingsView(params.has('build') ? 'list' : undefined);
  return (
    <div className="stack">
      <div className="buildings-tab__bar">
        <ConstructionStatus ctx={ctx} />
        <ViewSwitch view={view} onChange={setView} />
      </div>
      {isConstructionRunning(ctx.overview.buildings) && (
        <p className="construction-notice" role="note">
          <Trans t={t} i18nKey="construction.busyNotice" components={{ strong: <strong /> }} />
        </p>
      )}
      {view === 'picture' ? <VillagePicture ctx={ctx} /> : <BuildingsList ctx={ctx} />}
    </div>
  );
}
