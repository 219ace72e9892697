// The buildings tab: what is under construction, a card per field and inner building with Upgrade, and building anew.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { constructBuilding, upgradeBuilding, type Building, type BuildingTypeName } from '../../api/villages';
import { BUILDINGS, BUILDING_MESSAGES, buildTimeSeconds, buildingCost, isFieldType } from '../../../rules/buildings';
import { BuildingGlyph } from './BuildingGlyph';
import { CostList } from './CostList';
import { EndsIn } from './EndsIn';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { ProgressBar } from '../../ui/ProgressBar';
import { useClock } from '../../ui/resources';
import {
  buildOptions,
  freeInnerSlots,
  greatHallLevel,
  isConstructionRunning,
  nextLevelPreview,
  notEnoughMessage,
  shortfall,
  upgradeBlock,
} from './model';
import type { VillageContext } from './context';
import { useVillageAction } from './useVillageAction';

/** The one notice of a running construction, shown above the building list rather than on every card. */
export const CONSTRUCTION_BUSY_NOTICE = 'Another construction is running';

/**
 * Short forms of the rules' refusals for a card's footer, or null when the card needs none: a busy
 * builder is said once above the list, and the card being upgraded shows its progress instead.
 */
function cardReason(reason: string): string | null {
  if (reason === BUILDING_MESSAGES.constructionBusy || reason === BUILDING_MESSAGES.alreadyUpgrading) return null;
  if (reason === BUILDING_MESSAGES.maxLevel) return 'Maximum level reached';
  return reason;
}

export function ConstructionStatus({ ctx }: { ctx: VillageContext }) {
  const running = ctx.overview.buildings.filter((b) => b.isUpgrading);
  if (running.length === 0) {
    return <p className="construction construction--idle">No construction running. Your builders are ready.</p>;
  }
  return (
    <ul className="construction" aria-label="Under construction">
      {running.map((b) => (
        <li key={b.id}>
          <BuildingGlyph type={b.type} size={20} />
          <span>
            {BUILDINGS[b.type].name} to level {b.level + 1}
          </span>
          <EndsIn remaining={b.remainingTime ?? 0} readAt={ctx.readAt} onDone={ctx.onCountdownEnd} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The running upgrade of a card: a bar filling up and the countdown. The share done is measured against the
 * level's build time in this village (the server sends only the end), never less than what was left at the read.
 */
function UpgradeProgress({ building, ctx }: { building: Building; ctx: VillageContext }) {
  const now = useClock();
  const level = building.level + 1;
  const remainingAtRead = Math.max(0, building.remainingTime ?? 0);
  const total = Math.max(buildTimeSeconds(building.type, level, greatHallLevel(ctx.overview.buildings), ctx.worldSpeed ?? 1), remainingAtRead);
  const left = Math.max(0, ctx.readAt / 1000 + remainingAtRead - now / 1000);
  const done = total > 0 ? ((total - left) / total) * 100 : 100;
  return (
    <div className="building-card__progress">
      <p className="building-card__status">
        Upgrading to level {level}: <EndsIn remaining={remainingAtRead} readAt={ctx.readAt} onDone={ctx.onCountdownEnd} />
      </p>
      <ProgressBar label={`Upgrade to level ${level}`} value={done} hideLabel />
    </div>
  );
}

function BuildingCard({ building, ctx }: { building: Building; ctx: VillageContext }) {
  const upgrade = useVillageAction(ctx, () => upgradeBuilding(ctx.village.id, building.id), 'Failed to upgrade building');
  const { buildings } = ctx.overview;
  const preview = nextLevelPreview(building, buildings, ctx.worldSpeed ?? 1);
  const block = upgradeBlock(building, buildings, preview, ctx.stock);
  const name = BUILDINGS[building.type].name;
  const reason = block ? cardReason(block) : null;

  return (
    <article className={building.isUpgrading ? 'building-card building-card--busy' : 'building-card'} aria-label={`${name}, slot ${building.slot}`}>
      <header className="building-card__head">
        <BuildingGlyph type={building.type} />
        <h3 className="building-card__name">{name}</h3>
        <span className="badge badge--gold building-card__level">Level {building.level}</span>
      </header>
      {building.isUpgrading ? (
        <UpgradeProgress building={building} ctx={ctx} />
      ) : preview ? (
        <div className="building-card__next">
          <span className="building-card__label">
            Slot {building.slot} · Upgrade to level {preview.level}
          </span>
          <CostList cost={preview.cost} stock={ctx.stock} seconds={ctx.worldSpeed === null ? undefined : preview.seconds} />
        </div>
      ) : (
        <p className="building-card__status">Maximum level reached</p>
      )}
      {/* The card being upgraded has nothing to press: its progress is the news. */}
      {!building.isUpgrading && (
        <footer className="building-card__foot">
          <ActionButton className="button button--small" onClick={() => upgrade.run()} disabled={block !== null} pending={upgrade.pending}>
            Upgrade
          </ActionButton>
          {reason && <span className="building-card__reason">{reason}</span>}
          {building.type === 'blacksmith' && building.level > 0 && (
            <Link className="button button--secondary button--small" to="/game/village?tab=smithy">
              Open the smithy
            </Link>
          )}
          {building.type === 'marketplace' && building.level > 0 && (
            <Link className="button button--secondary button--small" to="/game/marketplace">
              Open the marketplace
            </Link>
          )}
        </footer>
      )}
      <ActionOutcome message={upgrade.outcome} />
    </article>
  );
}

function BuildPanel({ ctx }: { ctx: VillageContext }) {
  const { buildings } = ctx.overview;
  const options = buildOptions(buildings);
  const available = options.filter((o) => o.available);
  const locked = options.filter((o) => !o.available && !o.alreadyBuilt);
  const slots = freeInnerSlots(buildings);
  // The marketplace page's 'Build a marketplace' asks for it with ?build=marketplace.
  const [params] = useSearchParams();
  const [chosenType, setChosenType] = useState<string>(() => params.get('build') ?? '');
  const [chosenSlot, setChosenSlot] = useState<number | null>(null);
  const build = useVillageAction(ctx, (order: { type: BuildingTypeName; slot: number }) => constructBuilding(ctx.village.id, order.type, order.slot), 'Failed to construct building');

  // A choice that stopped being possible (built meanwhile) falls back to the first possible one.
  const type = available.find((o) => o.type === chosenType)?.type ?? available[0]?.type ?? null;
  const slot = chosenSlot !== null && slots.includes(chosenSlot) ? chosenSlot : (slots[0] ?? null);
  const cost = type ? buildingCost(type, 1) : null;
  const seconds = type && ctx.worldSpeed !== null ? buildTimeSeconds(type, 1, greatHallLevel(buildings), ctx.worldSpeed) : undefined;
  let block: string | null = null;
  // The notice above the building list says why; here a short word beside the button is enough.
  if (isConstructionRunning(buildings)) block = 'Builders are busy';
  else if (cost && shortfall(ctx.stock, cost).length > 0) block = notEnoughMessage(shortfall(ctx.stock, cost));

  function onBuild() {
    if (!type || slot === null) return;
    build.run({ type, slot });
  }

  return (
    <section className="card build-panel" aria-labelledby="build-title">
      <h2 id="build-title">Build a new building</h2>
      {slots.length === 0 ? (
        <p className="muted">Every inner slot is taken.</p>
      ) : available.length === 0 ? (
        <p className="muted">Nothing can be built right now: see the requirements below.</p>
      ) : (
        <div className="build-panel__form">
          <div className="field">
            <label htmlFor="build-type">Building</label>
            <select id="build-type" className="input" value={type ?? ''} onChange={(e) => setChosenType(e.target.value)}>
              {available.map((o) => (
                <option key={o.type} value={o.type}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="build-slot">Slot</label>
            <select id="build-slot" className="input" value={slot ?? ''} onChange={(e) => setChosenSlot(Number(e.target.value))}>
              {slots.map((s) => (
                <option key={s} value={s}>
                  Slot {s}
                </option>
              ))}
            </select>
          </div>
          {cost && (
            <div className="build-panel__cost">
              <span className="building-card__label">Level 1 costs</span>
              <CostList cost={cost} stock={ctx.stock} seconds={seconds} />
            </div>
          )}
          <div className="build-panel__actions">
            <ActionButton className="button" onClick={onBuild} disabled={!type || slot === null || block !== null} pending={build.pending}>
              Build
            </ActionButton>
            {block && <span className="building-card__reason">{block}</span>}
          </div>
        </div>
      )}
      <ActionOutcome message={build.outcome} />
      {locked.length > 0 && (
        <div className="build-panel__locked">
          <h3>Not yet available</h3>
          <ul>
            {locked.map((o) => (
              <li key={o.type}>
                <strong>{o.name}</strong> <span className="muted">requires {o.missing.join(', ')}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export function BuildingsTab({ ctx }: { ctx: VillageContext }) {
  const fields = ctx.overview.buildings.filter((b) => isFieldType(b.type)).sort((a, b) => a.slot - b.slot);
  const inner = ctx.overview.buildings.filter((b) => !isFieldType(b.type)).sort((a, b) => a.slot - b.slot);
  return (
    <div className="stack">
      <ConstructionStatus ctx={ctx} />
      {isConstructionRunning(ctx.overview.buildings) && (
        <p className="construction-notice" role="note">
          <strong>{CONSTRUCTION_BUSY_NOTICE}</strong>: other upgrades can start when it is done.
        </p>
      )}
      <section aria-labelledby="inner-title">
        <h2 id="inner-title" className="section-title">Village buildings</h2>
        <div className="building-grid">
          {inner.map((b) => (
            <BuildingCard key={b.id} building={b} ctx={ctx} />
          ))}
        </div>
      </section>
      <BuildPanel ctx={ctx} />
      <section aria-labelledby="fields-title">
        <h2 id="fields-title" className="section-title">Resource fields</h2>
        <div className="building-grid">
          {fields.map((b) => (
            <BuildingCard key={b.id} building={b} ctx={ctx} />
          ))}
        </div>
      </section>
    </div>
  );
}
