// A building's card: its level, the next level's cost and time with Upgrade, or the running upgrade's progress. The list
// view shows one per building; the picture view shows one in a dialog when its building is clicked.
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { upgradeBuilding, type Building } from '../../api/villages';
import { BUILDING_MESSAGES, buildTimeSeconds } from '../../../rules/buildings';
import { i18n } from '../../i18n';
import { buildingName } from '../../i18n/game';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { ProgressBar } from '../../ui/ProgressBar';
import { useClock } from '../../ui/resources';
import { BuildingGlyph } from './BuildingGlyph';
import { CostList } from './CostList';
import { EndsIn } from './EndsIn';
import { greatHallLevel, nextLevelPreview, refusalText, upgradeBlock } from './model';
import type { VillageContext } from './context';
import { useVillageAction } from './useVillageAction';

/**
 * Short forms of the rules' refusals for a card's footer, or null when the card needs none: a busy
 * builder is said once above the list, and the card being upgraded shows its progress instead.
 */
function cardReason(reason: string): string | null {
  if (reason === BUILDING_MESSAGES.constructionBusy || reason === BUILDING_MESSAGES.alreadyUpgrading) return null;
  if (reason === BUILDING_MESSAGES.maxLevel) return i18n.t('village:card.maxLevel');
  return refusalText(reason);
}

/**
 * The running upgrade of a card: a bar filling up and the countdown. The share done is measured against the
 * level's build time in this village (the server sends only the end), never less than what was left at the read.
 */
function UpgradeProgress({ building, ctx }: { building: Building; ctx: VillageContext }) {
  const { t } = useTranslation('village');
  const now = useClock();
  const level = building.level + 1;
  const remainingAtRead = Math.max(0, building.remainingTime ?? 0);
  const total = Math.max(buildTimeSeconds(building.type, level, greatHallLevel(ctx.overview.buildings), ctx.worldSpeed ?? 1), remainingAtRead);
  const left = Math.max(0, ctx.readAt / 1000 + remainingAtRead - now / 1000);
  const done = total > 0 ? ((total - left) / total) * 100 : 100;
  return (
    <div className="building-card__progress">
      <p className="building-card__status">
        <Trans
          t={t}
          i18nKey="card.upgrading"
          values={{ level }}
          components={{ countdown: <EndsIn remaining={remainingAtRead} readAt={ctx.readAt} onDone={ctx.onCountdownEnd} /> }}
        />
      </p>
      <ProgressBar label={t('card.upgradeTo', { level })} value={done} hideLabel />
    </div>
  );
}

export function BuildingCard({ building, ctx }: { building: Building; ctx: VillageContext }) {
  const { t } = useTranslation('village');
  const upgrade = useVillageAction(ctx, () => upgradeBuilding(ctx.village.id, building.id), t('card.failed'));
  const { buildings } = ctx.overview;
  const preview = nextLevelPreview(building, buildings, ctx.worldSpeed ?? 1);
  const block = upgradeBlock(building, buildings, preview, ctx.stock);
  const name = buildingName(building.type);
  const reason = block ? cardReason(block) : null;

  return (
    <article className={building.isUpgrading ? 'building-card building-card--busy' : 'building-card'} aria-label={t('card.label', { name, slot: building.slot })}>
      <header className="building-card__head">
        <BuildingGlyph type={building.type} />
        <h3 className="building-card__name">{name}</h3>
        <span className="badge badge--gold building-card__level">{t('level', { level: building.level })}</span>
      </header>
      {building.isUpgrading ? (
        <UpgradeProgress building={building} ctx={ctx} />
      ) : preview ? (
        <div className="building-card__next">
          <span className="building-card__label">{t('card.next', { slot: building.slot, level: preview.level })}</span>
          <CostList cost={preview.cost} stock={ctx.stock} seconds={ctx.worldSpeed === null ? undefined : preview.seconds} />
        </div>
      ) : (
        <p className="building-card__status">{t('card.maxLevel')}</p>
      )}
      {/* The card being upgraded has nothing to press: its progress is the news. */}
      {!building.isUpgrading && (
        <footer className="building-card__foot">
          <ActionButton className="button button--small" onClick={() => upgrade.run()} disabled={block !== null} pending={upgrade.pending}>
            {t('card.upgrade')}
          </ActionButton>
          {reason && <span className="building-card__reason">{reason}</span>}
          {building.type === 'blacksmith' && building.level > 0 && (
            <Link className="button button--secondary button--small" to="/game/village?tab=smithy">
              {t('card.openSmithy')}
            </Link>
          )}
          {building.type === 'marketplace' && building.level > 0 && (
            <Link className="button button--secondary button--small" to="/game/marketplace">
              {t('card.openMarketplace')}
            </Link>
          )}
        </footer>
      )}
      <ActionOutcome message={upgrade.outcome} />
    </article>
  );
}
