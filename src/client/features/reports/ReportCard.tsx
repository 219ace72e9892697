// One battle report: a line with the outcome (unread ones marked) that expands to both sides' units sent, lost and survived, the loot, the wall, the catapults' hit and loyalty, or what scouts saw.
import { Link } from 'react-router';
import type { BattleReport, BattleSide } from '../../api/army';
import { formatNumber } from '../../../rules/format';
import { RESOURCE_NAMES, RESOURCE_TYPES } from '../../../rules/resources';
import { formatDateTime } from '../../ui/dates';
import { ResourceIcon } from '../../ui/icons';
import { PlayerLink } from '../../ui/PlayerLink';
import { BuildingIcon } from '../../ui/BuildingIcon';
import { UnitName } from '../../ui/UnitIcon';
import { BARBARIANS } from '../../../rules/barbarians';
import { buildingHitText, farmListPath, lootTotal, outcomeFor, reportTitle, unitLines } from './model';
import { ScoutIntel } from './ScoutIntel';
import { OasisFacts } from './OasisFacts';

/** One side of the battle; `nobody` names a side without a player (a defending village without an owner is barbarian). */
function SideTable({ label, side, nobody, none = 'No troops took part.' }: { label: string; side: BattleSide; nobody?: string; none?: string }) {
  const lines = unitLines(side);
  return (
    <div className="report-side">
      <h4>
        {label}: <PlayerLink player={side.user} fallback={nobody} /> · {side.village.name} ({side.village.x}|{side.village.y})
      </h4>
      {lines.length === 0 ? (
        <p className="muted">{none}</p>
      ) : (
        <table className="table report-units">
          <caption className="visually-hidden">{label} units</caption>
          <thead>
            <tr>
              <th scope="col">Unit</th>
              <th scope="col">Sent</th>
              <th scope="col">Lost</th>
              <th scope="col">Survived</th>
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
  const outcome = outcomeFor(report);
  const detailsId = `report-${report.id}`;
  const loot = lootTotal(report.loot);
  const hit = buildingHitText(report.buildingHit);
  const scouting = report.type === 'scout';
  const farmPath = farmListPath(report);
  return (
    <li className={`report${report.read ? '' : ' report--unread'}`} data-testid="report">
      <button type="button" className="report__line" aria-expanded={open} aria-controls={detailsId} onClick={onToggle}>
        <span className={`badge ${outcome === 'Victory' ? 'badge--green' : 'badge--red'}`}>{outcome}</span>
        <span className="report__title">{reportTitle(report)}</span>
        {!report.read && <span className="badge badge--gold report__new">New</span>}
        {report.villageConquered && <span className="badge badge--purple">Conquered</span>}
        {report.oasis?.annexed && <span className="badge badge--purple">Annexed</span>}
        {loot > 0 && <span className="report__loot-total">{report.perspective === 'attacker' ? `+${formatNumber(loot)} loot` : `−${formatNumber(loot)} plundered`}</span>}
        <span className="report__when muted">{formatDateTime(report.occurredAt)}</span>
      </button>
      {open && (
        <div className="report__details" id={detailsId}>
          <div className="report__sides">
            <SideTable label={scouting ? 'Scouts' : 'Attacker'} side={report.attacker} />
            <SideTable
              label={scouting ? 'Defending scouts' : 'Defender'}
              side={report.defender}
              nobody={report.oasis ? 'Wild animals' : BARBARIANS}
              none={scouting ? 'No scouts met them.' : report.oasis ? 'Only wild animals.' : undefined}
            />
          </div>
          {report.oasis && <OasisFacts oasis={report.oasis} />}
          {report.intel && <ScoutIntel intel={report.intel} villageName={report.defender.village.name} />}
          {scouting && !report.intel && report.perspective === 'attacker' && <p className="muted">No scout came back: nothing was seen.</p>}
          {!scouting && (
            <dl className="report__facts">
              <div>
                <dt>Loot</dt>
                <dd>
                  {loot === 0 ? (
                    'None'
                  ) : (
                    <ul className="report__loot" aria-label="Loot">
                      {RESOURCE_TYPES.map((type) => (
                        <li key={type} title={RESOURCE_NAMES[type]}>
                          <ResourceIcon type={type} size={14} /> {RESOURCE_NAMES[type]} {formatNumber(report.loot[type])}
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </div>
              <div>
                <dt>Wall</dt>
                <dd>{report.wallDamage > 0 ? `${report.wallDamage} level${report.wallDamage === 1 ? '' : 's'} destroyed` : 'Untouched'}</dd>
              </div>
              {hit && report.buildingHit && (
                <div>
                  <dt>Catapults</dt>
                  <dd data-testid="building-hit" className="icon-label">
                    <BuildingIcon type={report.buildingHit.type} size={20} />
                    {hit}
                  </dd>
                </div>
              )}
              <div>
                <dt>Loyalty</dt>
                <dd>{report.loyaltyChange < 0 ? `${Math.round(report.loyaltyChange)}%` : 'Unchanged'}</dd>
              </div>
              {report.villageConquered && (
                <div>
                  <dt>Village</dt>
                  <dd>{report.perspective === 'attacker' ? `${report.defender.village.name} is yours now` : `${report.defender.village.name} was taken`}</dd>
                </div>
              )}
            </dl>
          )}
          {shareable && (
            <p className="report__share">
              <Link to={`/game/messages/new?report=${encodeURIComponent(report.id)}`}>Share in a message</Link>
              {farmPath && (
                <>
                  {' · '}
                  <Link to={farmPath}>Add to farm list</Link>
                </>
              )}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
