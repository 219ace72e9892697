// Armies on the march, outgoing and incoming, each with a live countdown to its arrival; enemy attacks stand out.
import type { ArmyMovement } from '../../state/army';
import { formatNumber } from '../../../rules/format';
import { ArrivalCountdown } from '../../ui/ArrivalCountdown';
import { describeUnits } from './model';

const TYPE_LABEL: Readonly<Record<ArmyMovement['type'], string>> = { attack: 'Attack', raid: 'Raid', reinforce: 'Reinforcement', return: 'Return' };

function Place({ village }: { village: ArmyMovement['fromVillage'] }) {
  return (
    <span>
      {village.name} <span className="muted">({village.x}|{village.y})</span>
    </span>
  );
}

function MovementRow({ movement, onArrived }: { movement: ArmyMovement; onArrived: () => void }) {
  const hostile = movement.direction === 'incoming' && (movement.type === 'attack' || movement.type === 'raid');
  const loot = movement.loot ? movement.loot.timber + movement.loot.stone + movement.loot.iron + movement.loot.mead : 0;
  return (
    <li className={`movement${hostile ? ' movement--hostile' : ''}`} aria-label={`${TYPE_LABEL[movement.type]} to ${movement.toVillage.name}`} data-testid="movement">
      <div className="movement__head">
        <span className={`badge ${hostile ? 'badge--red' : movement.type === 'return' ? 'badge--green' : movement.type === 'reinforce' ? 'badge--blue' : 'badge--gold'}`}>
          {hostile ? `Incoming ${TYPE_LABEL[movement.type].toLowerCase()}` : TYPE_LABEL[movement.type]}
        </span>
        <span className="movement__route">
          <Place village={movement.fromVillage} /> <span aria-hidden="true">→</span>
          <span className="visually-hidden"> to </span> <Place village={movement.toVillage} />
        </span>
      </div>
      <div className="movement__body">
        {movement.direction === 'outgoing' ? (
          <span className="movement__units">{describeUnits(movement.units)}</span>
        ) : (
          <span className="muted">Strength unknown</span>
        )}
        {loot > 0 && <span className="movement__loot">carrying {formatNumber(loot)} loot</span>}
        <span className="movement__time">
          arrives in <ArrivalCountdown until={movement.arrivesAtClient} onDone={onArrived} />
          <span className="muted"> at {new Date(movement.arrivesAt).toLocaleTimeString()}</span>
        </span>
      </div>
    </li>
  );
}

export function MovementList({ movements, onArrived }: { movements: readonly ArmyMovement[] | null; onArrived: () => void }) {
  const outgoing = (movements ?? []).filter((m) => m.direction === 'outgoing');
  const incoming = (movements ?? []).filter((m) => m.direction === 'incoming');
  return (
    <section className="card army-movements" aria-labelledby="army-movements-title">
      <h2 id="army-movements-title">Movements</h2>
      {movements === null ? (
        <p className="muted">Loading movements...</p>
      ) : (
        <>
          <h3>Incoming ({incoming.length})</h3>
          {incoming.length === 0 ? (
            <p className="muted">No army is marching at your villages.</p>
          ) : (
            <ul className="movement-list" aria-label="Incoming movements">
              {incoming.map((m) => (
                <MovementRow key={m.id} movement={m} onArrived={onArrived} />
              ))}
            </ul>
          )}
          <h3>Outgoing ({outgoing.length})</h3>
          {outgoing.length === 0 ? (
            <p className="muted">None of your armies is on the march.</p>
          ) : (
            <ul className="movement-list" aria-label="Outgoing movements">
              {outgoing.map((m) => (
                <MovementRow key={m.id} movement={m} onArrived={onArrived} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
