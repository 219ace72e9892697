// The units tab: a card per unit type the village has (count, training, Train More) and the types it can train.
import { Fragment, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { trainUnits, type AvailableUnitType, type Unit } from '../../api/villages';
import { formatDuration, formatNumber } from '../../i18n/format';
import { buildingName, unitName } from '../../i18n/game';
import { UNITS, trainingCost, unitsTrainedIn } from '../../../rules/units';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { BuildingName } from '../../ui/BuildingIcon';
import { UnitIcon, UnitName } from '../../ui/UnitIcon';
import { CostList } from './CostList';
import { EndsIn } from './EndsIn';
import { notEnoughMessage, shortfall } from './model';
import type { VillageContext } from './context';
import { i18n } from '../../i18n';
import { useVillageAction } from './useVillageAction';
import { useSmithy } from './SmithyTab';
import type { SmithyUnit } from '../../api/smithy';
import { MAX_TRAINING_ORDER } from '../../../rules/units';

/** Where a unit type stands in the smithy, as the units tab shows it; null while the smithy is not read, or for a type it does not improve. */
function levelsText(levels: SmithyUnit | undefined): string | null {
  return levels ? i18n.t('village:units.levels', { attack: levels.attack.level, defense: levels.defense.level }) : null;
}

function UnitCard({ unit, ctx, canTrain, onTrainMore, levels }: { unit: Unit; ctx: VillageContext; canTrain: boolean; onTrainMore: () => void; levels?: SmithyUnit }) {
  const { t } = useTranslation('village');
  const info = UNITS[unit.type];
  const name = unitName(unit.type);
  const queue = unit.trainingQueue ?? [];
  const queued = queue.reduce((sum, order) => sum + order.count, 0);
  // Worked out from the queue: openapi.yaml says Unit.remainingTime runs to the last unit, the server sends the next one.
  const nextIn =
    queue.length > 0
      ? Math.max(0, Math.min(...queue.map((o) => o.remainingTime - (o.count - 1) * o.unitTrainingTime)))
      : unit.remainingTime;
  const allIn = queue.length > 0 ? Math.max(...queue.map((o) => o.remainingTime)) : null;
  return (
    <article className="unit-card" aria-label={name}>
      <header className="unit-card__head">
        <h3 className="unit-card__name icon-label">
          <UnitIcon type={unit.type} size={40} />
          {name}
        </h3>
        <span className="unit-card__count" aria-label={t('units.atHome')}>
          {formatNumber(unit.count)}
        </span>
      </header>
      <p className="unit-card__stats">
        {t('units.stats', { attack: info.attack, infantry: info.defenseInfantry, cavalry: info.defenseCavalry, speed: info.speed })}
      </p>
      {levelsText(levels) && (
        <p className="unit-card__levels" aria-label={t('units.smithyLevels')}>
          {levelsText(levels)}
        </p>
      )}
      {unit.isTraining && nextIn !== null && (
        <p className="unit-card__training">
          <Trans
            t={t}
            i18nKey="units.training"
            values={{ queued: formatNumber(queued) }}
            components={{ next: <EndsIn remaining={nextIn} readAt={ctx.readAt} onDone={ctx.onCountdownEnd} /> }}
          />
          {allIn !== null && allIn > nextIn && (
            <Trans t={t} i18nKey="units.allIn" components={{ all: <EndsIn remaining={allIn} readAt={ctx.readAt} /> }} />
          )}
        </p>
      )}
      <footer>
        <button type="button" className="button button--secondary button--small" onClick={onTrainMore} disabled={!canTrain}>
          {t('units.trainMore')}
        </button>
      </footer>
    </article>
  );
}

function TrainCard({ available, ctx, inputId }: { available: AvailableUnitType; ctx: VillageContext; inputId: string }) {
  const { t } = useTranslation('village');
  const info = UNITS[available.type];
  const name = unitName(available.type);
  const [countText, setCountText] = useState('1');
  const train = useVillageAction(ctx, (count: number) => trainUnits(ctx.village.id, available.type, count), t('units.failed'));
  const parsed = Number(countText);
  const count = Number.isInteger(parsed) && parsed >= 1 && parsed <= MAX_TRAINING_ORDER ? parsed : null;
  const cost = trainingCost(available.type, count ?? 1);
  let block: string | null = null;
  if (!available.canTrain) block = t('units.needsHigher', { building: buildingName(info.trainedIn) });
  else if (count === null) block = t('units.enterCount', { max: MAX_TRAINING_ORDER });
  else if (shortfall(ctx.stock, cost).length > 0) block = notEnoughMessage(shortfall(ctx.stock, cost));

  return (
    <article className="unit-card unit-card--train" aria-label={name}>
      <header className="unit-card__head">
        <h3 className="unit-card__name icon-label">
          <UnitIcon type={available.type} size={40} />
          {name}
        </h3>
        <span className="muted unit-card__time">{t('units.each', { time: formatDuration(available.trainingTime) })}</span>
      </header>
      <p className="unit-card__stats">
        {t('units.statsTrain', { attack: info.attack, infantry: info.defenseInfantry, cavalry: info.defenseCavalry, upkeep: info.upkeep })}
      </p>
      <CostList cost={cost} stock={ctx.stock} seconds={available.trainingTime * (count ?? 1)} />
      <form
        className="unit-card__order"
        onSubmit={(event) => {
          event.preventDefault();
          if (count !== null) train.run(count);
        }}
      >
        <label htmlFor={inputId}>{t('units.count')}</label>
        <input
          id={inputId}
          className="input unit-card__input"
          type="number"
          min={1}
          max={MAX_TRAINING_ORDER}
          value={countText}
          onChange={(e) => setCountText(e.target.value)}
        />
        <ActionButton type="submit" className="button button--small" disabled={block !== null} pending={train.pending}>
          {t('units.train')}
        </ActionButton>
      </form>
      {block && <p className="building-card__reason">{block}</p>}
      <ActionOutcome message={train.outcome} />
    </article>
  );
}

export function UnitsTab({ ctx }: { ctx: VillageContext }) {
  const { t } = useTranslation('village');
  const baseId = useId();
  const { units, availableUnitTypes } = ctx.overview;
  const trainable = new Set(availableUnitTypes.filter((t) => t.canTrain).map((t) => t.type));
  const inputId = (type: string) => `${baseId}-train-${type}`;
  const smithy = useSmithy(ctx.village.id).data;
  const levelsOf = (type: string) => smithy?.unitTypes.find((u) => u.unitType === type);

  function focusTraining(type: string) {
    const input = document.getElementById(inputId(type));
    input?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    input?.focus();
  }

  return (
    <div className="stack">
      <section aria-labelledby="units-title">
        <h2 id="units-title" className="section-title">
          {t('units.title')}
        </h2>
        {units.length === 0 ? (
          <p className="muted">{t('units.none')}</p>
        ) : (
          <div className="unit-grid">
            {units.map((u) => (
              <UnitCard key={u.id} unit={u} ctx={ctx} canTrain={trainable.has(u.type)} onTrainMore={() => focusTraining(u.type)} levels={levelsOf(u.type)} />
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="train-title">
        <h2 id="train-title" className="section-title">
          {t('units.trainTitle')}
        </h2>
        {availableUnitTypes.length === 0 ? (
          <p className="muted">
            <Trans
              t={t}
              i18nKey="units.buildBarracks"
              components={{
                barracks: <BuildingName type="barracks" />,
                units: (
                  <>
                    {unitsTrainedIn('barracks').map((type, i) => (
                      <Fragment key={type}>
                        {i > 0 && ', '}
                        <UnitName type={type} />
                      </Fragment>
                    ))}
                  </>
                ),
              }}
            />
          </p>
        ) : (
          <div className="unit-grid">
            {availableUnitTypes.map((t) => (
              <TrainCard key={t.type} available={t} ctx={ctx} inputId={inputId(t.type)} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
