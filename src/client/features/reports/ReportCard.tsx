// One battle report: a line with the outcome (unread ones marked) that expands to both sides' units sent, lost and survived, the loot, the wall, the catapults' hit and loyalty, or what scouts saw.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BattleReport, BattleSide } from '../../api/army';
import { RESOURCE_TYPES } from '../../../rules/resources';
import { formatDateTime, formatNumber, formatPercent } from '../../i18n/format';
import { resourceName } from '../../i18n/game';
import { ResourceIcon } from '../../ui/icons';
import { PlayerLink } from '../../ui/PlayerLink';
import { BuildingIcon } from '../../ui/BuildingIcon';
import { UnitName } from '../../ui/UnitIcon';
import { buildingHitText, farmListPath, lootTotal, outcomeFor, outcomeText, placeText, reportTitle, unitLines } from './model';
import { ScoutIntel } from './ScoutIntel';
import { OasisFacts } from './OasisFacts';

/** One side of the battle; `nobody` names a side without a player (a defending village without an owner is barbarian). */
function SideTable({ label, side, place, nobody, none }: { label: string; side: BattleSide; place: string; nobody?: string; none?: string }) {
  const { t } = useTranslation('reports');
  const lines = unitLines(side);
  return (
    <div className="report-side">
      <h4>
        {label}: <PlayerLink player={side.user} fallback={nobody} /> · {place}
      </h4>
      {lines.length === 0 ? (
        <p className="muted">{none ?? t('side.noTroops')}</p>
      ) : (
        <table className="table report-units">
          <caption className="visually-hidden">{t('side.units', { side: label })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('side.unit')}</th>
              <th scope="col">{t('side.sent')}</th>
              <th scope="col">{t('side.lost')}</th>
              <th scope="col">{t('side.survived')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.type}>
                <th scope="row">
                  <UnitName type={line.type} size={24} />
                </th>
                <td>{formatNumber(line.sent)}</td>
                <td className={line.lost > 0 ? 'report-units__lost' : undefined}>{formatNumber(line.lost)}</td>
                <td>{formatNumber(line.survived)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export interface ReportCardProps {
  report: BattleReport;
  open: boolean;
  onToggle: () => void;
  /** Offers 'Share in a message' (one's own reports; a report shared with you cannot be passed on). */
  shareable?: boolean;
}

export function ReportCard({ report, open, onToggle, shareable = false }: ReportCardProps) {
  const { t } = useTranslation('reports');
  const outcome = outcomeFor(report);
  const detailsId = `report-${report.id}`;
  const loot = lootTotal(report.loot);
  const hit = buildingHitText(report.buildingHit);
  const scouting = report.type === 'scout';
  const farmPath = farmListPath(report);
  return (
    <li className={`report${report.read ? '' : ' report--unread'}`} data-testid="report">
      <button type="button" className="report__line" aria-expanded={open} aria-controls={detailsId} onClick={onToggle}>
        <span className={`badge ${outcome === 'Victory' ? 'badge--green' : 'badge--red'}`}>{outcomeText(outcome)}</span>
        <span className="report__title">{reportTitle(report)}</span>
        {!report.read && <span className="badge badge--gold report__new">{t('badges.new')}</span>}
        {report.villageConquered && <span className="badge badge--purple">{t('badges.conquered')}</span>}
        {report.oasis?.annexed && <span className="badge badge--purple">{t('badges.annexed')}</span>}
        {loot > 0 && (
          <span className="report__loot-total">
            {report.perspective === 'attacker' ? t('loot.gained', { amount: formatNumber(loot) }) : t('loot.plundered', { amount: formatNumber(loot) })}
          </span>
        )}
        <span className="report__when muted">{formatDateTime(report.occurredAt)}</span>
      </button>
      {open && (
        <div className="report__details" id={detailsId}>
          <div className="report__sides">
            <SideTable label={scouting ? t('side.scouts') : t('side.attacker')} side={report.attacker} place={placeText(report, report.attacker.village)} />
            <SideTable
              label={scouting ? t('side.defendingScouts') : t('side.defender')}
              side={report.defender}
              place={placeText(report, report.defender.village)}
              nobody={report.oasis ? t('side.wildAnimals') : t('side.barbarians')}
              none={scouting ? t('side.noScoutsMet') : report.oasis ? t('side.onlyWildAnimals') : undefined}
            />
          </div>
          {report.oasis && <OasisFacts oasis={report.oasis} />}
          {report.intel && <ScoutIntel intel={report.intel} villageName={report.defender.village.name} />}
          {scouting && !report.intel && report.perspective === 'attacker' && <p className="muted">{t('facts.nothingSeen')}</p>}
          {!scouting && (
            <dl className="report__facts">
              <div>
                <dt>{t('facts.loot')}</dt>
                <dd>
                  {loot === 0 ? (
                    t('none')
                  ) : (
                    <ul className="report__loot" aria-label={t('facts.loot')}>
                      {RESOURCE_TYPES.map((type) => (
                        <li key={type} title={resourceName(type)}>
                          <ResourceIcon type={type} size={14} /> {resourceName(type)} {formatNumber(report.loot[type])}
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('facts.wall')}</dt>
                <dd>{report.wallDamage > 0 ? t('facts.wallDestroyed', { count: report.wallDamage }) : t('facts.untouched')}</dd>
              </div>
              {hit && report.buildingHit && (
                <div>
                  <dt>{t('facts.catapults')}</dt>
                  <dd data-testid="building-hit" className="icon-label">
                    <BuildingIcon type={report.buildingHit.type} size={20} />
                    {hit}
                  </dd>
                </div>
              )}
              <div>
                <dt>{t('facts.loyalty')}</dt>
                <dd>{report.loyaltyChange < 0 ? formatPercent(Math.round(report.loyaltyChange)) : t('facts.unchanged')}</dd>
              </div>
              {report.villageConquered && (
                <div>
                  <dt>{t('facts.village')}</dt>
                  <dd>{report.perspective === 'attacker' ? t('facts.yoursNow', { village: report.defender.village.name }) : t('facts.taken', { village: report.defender.village.name })}</dd>
                </div>
              )}
            </dl>
          )}
          {shareable && (
            <p className="report__share">
              <Link to={`/game/messages/new?report=${encodeURIComponent(report.id)}`}>{t('share')}</Link>
              {farmPath && (
                <>
                  {' · '}
                  <Link to={farmPath}>{t('farmList')}</Link>
                </>
              )}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
