// Armies and merchants on the road, outgoing and incoming, each with a live countdown to its arrival; enemy attacks stand out, deliveries show their cargo.
import { useId } from 'react';
import type { ArmyMovement } from '../../state/army';
import { formatNumber } from '../../../rules/format';
import { ArrivalCountdown } from '../../ui/ArrivalCountdown';
import { describeResources } from '../../ui/resources';
import { UnitsLine } from './UnitsLine';
import './army.css';

const TYPE_LABEL: Readonly<Record<ArmyMovement['type'], string>> = {
  attack: 'Attack',
  raid: 'Raid',
  reinforce: 'Reinforcement',
  return: 'Return',
  delivery: 'Merchants',
  merchants_return: 'Merchants returning',
  scout: 'Scouts',
};

const BADGE: Readonly<Record<ArmyMovement['type'], string>> = {
  attack: 'badge--gold',
  raid: 'badge--gold',
  reinforce: 'badge--blue',
  return: 'badge--green',
  delivery: 'badge--purple',
  merchants_return: 'badge--green',
  scout: 'badge--gold',
};

/** The words of a list: its title and what it says when a direction is empty. */
export interface MovementListText {
  title: string;
  noneIncoming: string;
  noneOutgoing: string;
}

const ARMY_TEXT: MovementListText = {
  title: 'Movements',
  noneIncoming: 'No army is marching at your villages.',
  noneOutgoing: 'None of your armies is on the march.',
};

function Place({ village }: { village: ArmyMovement['fromVillage'] }) {
  return (
    <span>
      {village.name} <span className="muted">({village.x}|{village.y})</span>
    </span>
  );
}

function merchantsText(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'merchant' : 'merchants'}`;
}

/** What is on the road: merchants' cargo, merchants walking home, or an army (its strength only for the sender). */
function Load({ movement }: { movement: ArmyMovement }) {
  if (movement.type === 'delivery') {
    return (
      <span className="movement__cargo" data-testid="movement-cargo">
        {merchantsText(movement.merchants)} carrying {describeResources(movement.cargo ?? {})}
      </span>
    );
  }
  if (movement.type === 'merchants_return') return <span className="movement__cargo">{merchantsText(movement.merchants)} walking home</span>;
  const loot = movement.loot ? movement.loot.timber + movement.loot.stone + movement.loot.iron + movement.loot.mead : 0;
  return (
    <>
      {movement.direction === 'outgoing' ? <span className="movement__units">
          <UnitsLine units={movement.units} />
        </span> : <span className="muted">Strength unknown</span>}
      {loot > 0 && <span className="movement__loot">carrying {formatNumber(loot)} loot</span>}
    </>
  );
}

function MovementRow({ movement, onArrived }: { movement: ArmyMovement; onArrived: () => void }) {
  const hostile = movement.direction === 'incoming' && (movement.type === 'attack' || movement.type === 'raid' || movement.type === 'scout');
  return (
    <li className={`movement${hostile ? ' movement--hostile' : ''}`} aria-label={`${TYPE_LABEL[movement.type]} to ${movement.toVillage.name}`} data-testid="movement">
      <div className="movement__head">
        <span className={`badge ${hostile ? 'badge--red' : BADGE[movement.type]}`}>{hostile ? `Incoming ${TYPE_LABEL[movement.type].toLowerCase()}` : TYPE_LABEL[movement.type]}</span>
        <span className="movement__route">
          <Place village={movement.fromVillage} /> <span aria-hidden="true">→</span>
          <span className="visually-hidden"> to </span> <Place village={movement.toVillage} />
        </span>
      </div>
      <div className="movement__body">
        <Load movement={movement} />
        <span className="movement__time">
          arrives in <ArrivalCountdown until={movement.arrivesAtClient} onDone={onArrived} />
          <span className="muted"> at {new Date(movement.arrivesAt).toLocaleTimeString()}</span>
        </span>
      </div>
    </li>
  );
}

export interface MovementListProps {
  movements: readonly ArmyMovement[] | null;
  onArrived: () => void;
  /** The words of the list (the army page's by default; the marketplace names its shipments). */
  text?: MovementListText;
}

export function MovementList({ movements, onArrived, text = ARMY_TEXT }: MovementListProps) {
  const titleId = useId();
  const outgoing = (movements ?? []).filter((m) => m.direction === 'outgoing');
  const incoming = (movements ?? []).filter((m) => m.direction === 'incoming');
  return (
    <section className="card army-movements" aria-labelledby={titleId}>
      <h2 id={titleId}>{text.title}</h2>
      {movements === null ? (
        <p className="muted">Loading {text.title.toLowerCase()}...</p>
      ) : (
        <>
          <h3>Incoming ({incoming.length})</h3>
          {incoming.length === 0 ? (
            <p className="muted">{text.noneIncoming}</p>
          ) : (
            <ul className="movement-list" aria-label={`Incoming ${text.title.toLowerCase()}`}>
              {incoming.map((m) => (
                <MovementRow key={m.id} movement={m} onArrived={onArrived} />
              ))}
            </ul>
          )}
          <h3>Outgoing ({outgoing.length})</h3>
          {outgoing.length === 0 ? (
            <p className="muted">{text.noneOutgoing}</p>
          ) : (
            <ul className="movement-list" aria-label={`Outgoing ${text.title.toLowerCase()}`}>
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
