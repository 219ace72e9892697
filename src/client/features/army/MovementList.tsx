// Armies and merchants on the road, outgoing and incoming, each with a live countdown to its arrival; enemy attacks stand out, deliveries show their cargo.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { currentLanguage } from '../../i18n';
import type { ArmyMovement } from '../../state/army';
import { formatNumber, formatTimeWithSeconds } from '../../i18n/format';
import { ArrivalCountdown } from '../../ui/ArrivalCountdown';
import { describeResources } from '../../ui/resources';
import { UnitsLine } from './UnitsLine';
import './army.css';

/** A movement's kind in words (army:movements.types.<type>). */
const typeLabel = (t: TFunction<'army'>, type: ArmyMovement['type']): string => t(`movements.types.${type}`);

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

function armyText(t: TFunction<'army'>): MovementListText {
  return { title: t('movements.title'), noneIncoming: t('movements.noneIncoming'), noneOutgoing: t('movements.noneOutgoing') };
}

/** The list's title inside a sentence: English writes it in lower case, German keeps its nouns capitalised. */
const inSentence = (title: string): string => (currentLanguage() === 'en' ? title.toLowerCase() : title);

function Place({ village }: { village: ArmyMovement['fromVillage'] }) {
  return (
    <span>
      {village.name} <span className="muted">({village.x}|{village.y})</span>
    </span>
  );
}

function merchantsText(t: TFunction<'army'>, count: number): string {
  return t('movements.merchants', { count, n: formatNumber(count) });
}

/** What is on the road: merchants' cargo, merchants walking home, or an army (its strength only for the sender). */
function Load({ movement }: { movement: ArmyMovement }) {
  const { t } = useTranslation('army');
  if (movement.type === 'delivery') {
    return (
      <span className="movement__cargo" data-testid="movement-cargo">
        {t('movements.carrying', { merchants: merchantsText(t, movement.merchants), cargo: describeResources(movement.cargo ?? {}) })}
      </span>
    );
  }
  if (movement.type === 'merchants_return') return <span className="movement__cargo">{t('movements.walkingHome', { merchants: merchantsText(t, movement.merchants) })}</span>;
  const loot = movement.loot ? movement.loot.timber + movement.loot.stone + movement.loot.iron + movement.loot.mead : 0;
  return (
    <>
      {movement.direction === 'outgoing' ? <span className="movement__units">
          <UnitsLine units={movement.units} />
        </span> : <span className="muted">{t('movements.strengthUnknown')}</span>}
      {loot > 0 && <span className="movement__loot">{t('movements.loot', { loot: formatNumber(loot) })}</span>}
    </>
  );
}

function MovementRow({ movement, onArrived }: { movement: ArmyMovement; onArrived: () => void }) {
  const { t } = useTranslation('army');
  const hostile = movement.direction === 'incoming' && (movement.type === 'attack' || movement.type === 'raid' || movement.type === 'scout');
  return (
    <li className={`movement${hostile ? ' movement--hostile' : ''}`} aria-label={t('movements.rowLabel', { type: typeLabel(t, movement.type), name: movement.toVillage.name })} data-testid="movement">
      <div className="movement__head">
        <span className={`badge ${hostile ? 'badge--red' : BADGE[movement.type]}`}>{hostile ? t(`movements.incomingBadge.${movement.type}`) : typeLabel(t, movement.type)}</span>
        <span className="movement__route">
          <Place village={movement.fromVillage} /> <span aria-hidden="true">→</span>
          <span className="visually-hidden">{t('movements.to')}</span> <Place village={movement.toVillage} />
        </span>
      </div>
      <div className="movement__body">
        <Load movement={movement} />
        <span className="movement__time">
          {t('movements.arrivesIn')}
          <ArrivalCountdown until={movement.arrivesAtClient} onDone={onArrived} />
          <span className="muted">{t('movements.at', { time: formatTimeWithSeconds(movement.arrivesAt) })}</span>
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

export function MovementList({ movements, onArrived, text: given }: MovementListProps) {
  const { t } = useTranslation('army');
  const text = given ?? armyText(t);
  const titleId = useId();
  const outgoing = (movements ?? []).filter((m) => m.direction === 'outgoing');
  const incoming = (movements ?? []).filter((m) => m.direction === 'incoming');
  return (
    <section className="card army-movements" aria-labelledby={titleId}>
      <h2 id={titleId}>{text.title}</h2>
      {movements === null ? (
        <p className="muted">{t('movements.loadingList', { what: inSentence(text.title) })}</p>
      ) : (
        <>
          <h3>{t('movements.incoming', { count: incoming.length })}</h3>
          {incoming.length === 0 ? (
            <p className="muted">{text.noneIncoming}</p>
          ) : (
            <ul className="movement-list" aria-label={t('movements.incomingLabel', { what: inSentence(text.title) })}>
              {incoming.map((m) => (
                <MovementRow key={m.id} movement={m} onArrived={onArrived} />
              ))}
            </ul>
          )}
          <h3>{t('movements.outgoing', { count: outgoing.length })}</h3>
          {outgoing.length === 0 ? (
            <p className="muted">{text.noneOutgoing}</p>
          ) : (
            <ul className="movement-list" aria-label={t('movements.outgoingLabel', { what: inSentence(text.title) })}>
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
