// A free inner slot's card (the picture view's dialog for a building plot): every building that may go there with its
// level 1 cost and time and a Build button, and the ones not yet available with what they require.
import { useTranslation } from 'react-i18next';
import { constructBuilding } from '../../api/villages';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { BuildingGlyph } from './BuildingGlyph';
import { CostList } from './CostList';
import { buildBlock, buildOptions, newBuildingPreview, type BuildOption } from './model';
import type { VillageContext } from './context';
import { useVillageAction } from './useVillageAction';

function PlotOption({ option, slot, ctx }: { option: BuildOption; slot: number; ctx: VillageContext }) {
  const { t } = useTranslation('village');
  const build = useVillageAction(ctx, () => constructBuilding(ctx.village.id, option.type, slot), t('build.failed'));
  const { buildings } = ctx.overview;
  const preview = newBuildingPreview(option.type, buildings, ctx.worldSpeed ?? 1);
  const block = buildBlock(buildings, ctx.stock, preview.cost);
  return (
    <article className="building-card plot-card__option" aria-label={option.name}>
      <header className="building-card__head">
        <BuildingGlyph type={option.type} />
        <h3 className="building-card__name">{option.name}</h3>
      </header>
      <div className="building-card__next">
        <span className="building-card__label">{t('build.levelOneCosts')}</span>
        <CostList cost={preview.cost} stock={ctx.stock} seconds={ctx.worldSpeed === null ? undefined : preview.seconds} />
      </div>
      <footer className="building-card__foot">
        <ActionButton className="button button--small" onClick={() => build.run()} disabled={block !== null} pending={build.pending}>
          {t('plot.buildHere')}
        </ActionButton>
        {block && <span className="building-card__reason">{block}</span>}
      </footer>
      <ActionOutcome message={build.outcome} />
    </article>
  );
}

export function PlotCard({ slot, ctx }: { slot: number; ctx: VillageContext }) {
  const { t } = useTranslation('village');
  const options = buildOptions(ctx.overview.buildings);
  const available = options.filter((o) => o.available);
  return (
    <div className="plot-card">
      <p className="muted">
        {t('plot.free', { slot })} {available.length > 0 ? t('plot.choose') : t('build.nothing')}
      </p>
      {available.length > 0 && (
        <div className="plot-card__options">
          {available.map((option) => (
            <PlotOption key={option.type} option={option} slot={slot} ctx={ctx} />
          ))}
        </div>
      )}
      <LockedBuildings options={options} />
    </div>
  );
}

/** The buildings whose requirements are not met yet, each with what it requires (nothing when there are none). */
export function LockedBuildings({ options }: { options: readonly BuildOption[] }) {
  const { t } = useTranslation('village');
  const locked = options.filter((o) => !o.available && !o.alreadyBuilt);
  if (locked.length === 0) return null;
  return (
    <div className="build-panel__locked">
      <h3>{t('plot.locked')}</h3>
      <ul>
        {locked.map((o) => (
          <li key={o.type}>
            <strong>{o.name}</strong> <span className="muted">{t('plot.requires', { what: o.missing.join(', ') })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
