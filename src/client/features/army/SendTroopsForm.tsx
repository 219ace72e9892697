// The send-troops form: from which village, the target tile (typed or picked on the map) and how it stands to the player,
// the mission, how many of each unit, an optional hero, and the march previewed before sending.
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { sendTroops, type SendableMovementType, type SendTroopsOrder } from '../../api/army';
import type { Hero } from '../../api/heroes';
import type { MapArea, MapSearchResult } from '../../api/map';
import type { Village } from '../../api/villages';
import { putMovement } from '../../state/army';
import { mapViewerAtom, relationsKnownAtom } from '../../state/relations';
import { useServerOffset } from '../../state/village';
import { mapAreaQuery, mapSearchQuery, vacationQuery, worldsQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { formatDistance, formatDuration, formatNumber } from '../../../rules/format';
import { UNITS, unitCount, unitEntries } from '../../../rules/units';
import { BUILDINGS, type BuildingType } from '../../../rules/buildings';
import { CATAPULT_TARGETS } from '../../../rules/catapults';
import { scoutingRefusal } from '../../../rules/scouting';
import { BARBARIANS } from '../../../rules/barbarians';
import { RELATION_LABELS } from '../../../rules/diplomacy';
import { onVacationRefusal } from '../../../rules/vacation';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { ProtectionShield } from '../../ui/ProtectionShield';
import { VacationMark } from '../../ui/VacationMark';
import { BuildingIcon } from '../../ui/BuildingIcon';
import { UnitIcon, UnitName } from '../../ui/UnitIcon';
import { useAction } from '../../ui/useAction';
import { MISSIONS, chosenArmy, heroesReady, marchPreview, missionRefusal, offersReinforcement, targetRelation, truceNote, unitsAtHome, type MissionOrder } from './model';
import type { HomeTroops } from './useHomeTroops';

export interface SendTroopsFormProps {
  villages: readonly Village[];
  /** The village the form starts from (the shell's selected one). */
  fromVillageId: string;
  onFromVillageChange: (id: string) => void;
  troops: HomeTroops;
  heroes: readonly Hero[];
  worldSpeedOf: (worldId: string) => number;
  viewerId: string | null;
  /** Coordinates and mission the map asked for. */
  initialTarget: { x: number; y: number } | null;
  initialMission: SendableMovementType | null;
}

type TargetLookup = { status: 'none' } | { status: 'looking' } | { status: 'found'; result: MapSearchResult } | { status: 'empty'; type: string } | { status: 'error' };

/** Typing settles for a moment before the tile is looked up. */
const LOOKUP_DELAY_MS = 300;

/** The tile is looked up once typing has rested for LOOKUP_DELAY_MS; until then it is being looked at. */
function useTargetLookup(worldId: string | null, x: number | null, y: number | null): TargetLookup {
  const wanted = worldId !== null && x !== null && y !== null ? `${worldId}|${x}|${y}` : null;
  const [rested, setRested] = useState<string | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setRested(wanted), LOOKUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [wanted]);
  const search = useQuery({
    ...mapSearchQuery(worldId ?? '', `(${x}|${y})`),
    enabled: wanted !== null && rested === wanted,
    meta: { what: 'the target' },
  });
  if (wanted === null) return { status: 'none' };
  if (rested !== wanted) return { status: 'looking' };
  if (search.isError) return { status: 'error' };
  if (!search.data) return { status: 'looking' };
  const hit = search.data.find((r) => r.x === x && r.y === y);
  if (hit && hit.type === 'village' && hit.villageId) return { status: 'found', result: hit };
  return { status: 'empty', type: hit?.type ?? 'unknown' };
}

/** The alliance of the village on a tile: null for none, undefined while it is not known. */
type TargetAlliance = { id: string; tag: string } | null | undefined;

/** The village on a tile as the map shows it. */
type TileVillage = NonNullable<MapArea['tiles'][number]['village']>;

/**
 * Another player's village as the map shows it, for what the search does not name (its alliance, its owner's vacation):
 * read from the map's tiles around it. Null when not asked, undefined while not read.
 */
function useTargetTile(worldId: string | null, target: MapSearchResult | null, wanted: boolean): TileVillage | null | undefined {
  const asked = wanted && worldId !== null && target !== null;
  const area = useQuery({
    ...mapAreaQuery(worldId ?? '', target?.x ?? 0, target?.y ?? 0, 1),
    enabled: asked,
    meta: { what: 'the target’s alliance' },
  });
  if (!asked) return null;
  const tile = area.data?.tiles.find((t) => t.x === target.x && t.y === target.y);
  // Not known until the tile is read (and only from a tile showing the village the search found).
  if (!tile?.village || tile.village.id !== target.villageId) return undefined;
  return tile.village;
}

function whole(text: string): number | null {
  return /^\s*-?\d{1,3}\s*$/.test(text) && Math.abs(Number(text)) <= 200 ? Number(text) : null;
}

export function SendTroopsForm(props: SendTroopsFormProps) {
  const { villages, fromVillageId, troops, heroes, viewerId } = props;
  const formId = useId();
  const viewer = useAtomValue(mapViewerAtom);
  const relationsKnown = useAtomValue(relationsKnownAtom);
  const from = villages.find((v) => v.id === fromVillageId) ?? villages[0];
  const [xText, setXText] = useState(props.initialTarget ? String(props.initialTarget.x) : '');
  const [yText, setYText] = useState(props.initialTarget ? String(props.initialTarget.y) : '');
  const [mission, setMission] = useState<SendableMovementType>(props.initialMission ?? 'attack');
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [heroId, setHeroId] = useState('');
  const [aim, setAim] = useState<BuildingType | ''>('');
  const client = useQueryClient();
  const send = useAction({
    mutationFn: (order: SendTroopsOrder) => sendTroops(order),
    // The reply is the movement: it joins the list at once. The units (and a hero) left the source village.
    onSuccess: (movement, order) => {
      setCounts({});
      setHeroId('');
      putMovement(client, viewerId, movement);
      void client.invalidateQueries({ queryKey: queryKeys.overview(viewerId, order.fromVillageId) });
      if (order.heroId) void client.invalidateQueries({ queryKey: queryKeys.heroList(viewerId) });
    },
    success: (movement) => `Troops are on their way to ${movement.toVillage.name} (${movement.toVillage.x}|${movement.toVillage.y}): arrival in ${formatDuration(movement.remainingTime)}.`,
    failure: 'Could not send the troops.',
  });

  // A new request from the map (another tile picked) replaces the target and mission.
  const requestKey = props.initialTarget ? `${props.initialTarget.x}|${props.initialTarget.y}|${props.initialMission ?? ''}` : '';
  useEffect(() => {
    if (!props.initialTarget) return;
    setXText(String(props.initialTarget.x));
    setYText(String(props.initialTarget.y));
    if (props.initialMission) setMission(props.initialMission);
    // requestKey names the request; the objects themselves are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  const x = whole(xText);
  const y = whole(yText);
  const lookup = useTargetLookup(from?.worldId ?? null, x, y);
  const target = lookup.status === 'found' ? lookup.result : null;
  const foreign = !!target?.owner && target.owner.id !== viewerId;
  // Read for the alliance while the player is in one, and for the owner's vacation before an attack, a raid or scouts.
  const targetTile = useTargetTile(from?.worldId ?? null, target, foreign && (typeof viewer?.allianceId === 'string' || mission !== 'reinforce'));
  // Outside an alliance every other player's village stands in no relation to the player, whatever its alliance.
  const targetAlliance: TargetAlliance =
    typeof viewer?.allianceId !== 'string' || targetTile === null ? null : targetTile === undefined ? undefined : (targetTile.alliance ?? null);
  const targetVacation = targetTile?.vacationUntil ?? null;
  const targetAllianceId = targetAlliance === undefined ? undefined : (targetAlliance?.id ?? null);
  const relation = target ? targetRelation({ viewer, known: relationsKnown }, { ownerId: target.owner?.id ?? null, allianceId: targetAllianceId }) : null;
  // An oasis takes attacks and raids only (no village stands there).
  const oasis = lookup.status === 'empty' && lookup.type === 'oasis' && x !== null && y !== null ? { x, y } : null;
  const oasisRefusal = oasis && mission !== 'attack' && mission !== 'raid' ? 'Only an attack or a raid marches to an oasis' : null;

  const home = useMemo(() => unitsAtHome(troops.get(from?.id ?? '')?.units ?? []), [troops, from?.id]);
  const army = chosenArmy(counts, home);
  const ready = from ? heroesReady(heroes, from.id) : [];
  // Heroes march only to battle: an attack or a raid.
  const takesHero = mission === 'attack' || mission === 'raid';
  const hero = takesHero ? ready.find((h) => h.id === heroId) : undefined;
  // Catapults aim at a village's buildings; an oasis has none.
  const aiming = mission === 'attack' && (army.catapult ?? 0) > 0 && oasis === null;
  const preview = from && x !== null && y !== null ? marchPreview(from, { x, y }, army, props.worldSpeedOf(from.worldId)) : null;
  // The target was looked up in the sending village's world.
  const serverOffsetMs = useServerOffset();
  // Drawn again when the target's shield runs out, so its refusal goes with it.
  const [, setShieldEnded] = useState(0);
  // The world's night truce, and the player's own vacation there (which refuses every send).
  const truce = useQuery(worldsQuery()).data?.find((w) => w.id === from?.worldId)?.truce ?? null;
  const ownVacation = useQuery(vacationQuery(viewerId, from?.worldId ?? null)).data?.vacation ?? null;
  const serverNow = Date.now() + serverOffsetMs;
  const onVacation = ownVacation && Date.parse(ownVacation.endsAt) > serverNow ? onVacationRefusal(Date.parse(ownVacation.endsAt)) : null;
  const order: MissionOrder | null =
    from && target
      ? {
          from,
          target: {
            villageId: target.villageId ?? null,
            ownerId: target.owner?.id ?? null,
            worldId: from.worldId,
            protectedUntil: target.protectedUntil ?? null,
            vacationUntil: targetVacation,
            allianceTag: targetAlliance?.tag ?? null,
          },
          viewerId,
          relation,
          serverNow,
          // When the preview says it lands, on the server's clock.
          truce,
          arrivesAt: preview ? serverNow + preview.seconds * 1000 : null,
        }
      : null;
  // Where the target stands comes first: a friend's village is not scouted, however many scouts go.
  const refusal = onVacation ?? oasisRefusal ?? (order ? missionRefusal(mission, order) : null) ?? (mission === 'scout' ? scoutingRefusal(army) : null);
  const nightNote = refusal === null && order ? truceNote(mission, order) : null;
  const reinforceInstead = order !== null && offersReinforcement(mission, order);
  const canSend = !send.pending && !!from && (!!target?.villageId || oasis !== null) && unitCount(army) > 0 && refusal === null;

  function setCount(type: string, text: string) {
    setCounts((old) => ({ ...old, [type]: text }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSend || !from) return;
    if (oasis) {
      send.run({ fromVillageId: from.id, toOasis: oasis, units: army, movementType: mission, heroId: hero?.id });
      return;
    }
    if (!target?.villageId) return;
    send.run({ fromVillageId: from.id, toVillageId: target.villageId, units: army, movementType: mission, heroId: hero?.id, catapultTarget: aiming && aim !== '' ? aim : undefined });
  }

  if (!from) return null;
  const homeEntries = unitEntries(home);

  return (
    <form className="card army-send" aria-labelledby={`${formId}-title`} onSubmit={onSubmit}>
      <h2 id={`${formId}-title`}>Send troops</h2>

      <div className="army-send__row">
        <div className="field">
          <label htmlFor={`${formId}-from`}>From</label>
          <select id={`${formId}-from`} className="input" value={from.id} onChange={(e) => props.onFromVillageChange(e.target.value)}>
            {villages.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name} ({v.x}|{v.y})
              </option>
            ))}
          </select>
        </div>
        <fieldset className="army-send__target">
          <legend>Target</legend>
          <div className="army-send__coords">
            <label htmlFor={`${formId}-x`}>X</label>
            <input id={`${formId}-x`} className="input" inputMode="numeric" value={xText} onChange={(e) => setXText(e.target.value)} placeholder="x" />
            <label htmlFor={`${formId}-y`}>Y</label>
            <input id={`${formId}-y`} className="input" inputMode="numeric" value={yText} onChange={(e) => setYText(e.target.value)} placeholder="y" />
            <Link className="button button--ghost button--small" to={x !== null && y !== null ? `/game/map?x=${x}&y=${y}` : '/game/map'}>
              Pick on the map
            </Link>
          </div>
        </fieldset>
      </div>

      <p className="army-send__target-line" data-testid="send-target" aria-live="polite">
        {lookup.status === 'none' && <span className="muted">Type the target’s coordinates, or pick a village on the map.</span>}
        {lookup.status === 'looking' && <span className="muted">Looking at ({x}|{y})...</span>}
        {lookup.status === 'error' && <span className="muted">Could not look at that tile.</span>}
        {lookup.status === 'empty' && !oasis && <span className="muted">No village stands at ({x}|{y}).</span>}
        {oasis && (
          <>
            <strong>
              Oasis ({oasis.x}|{oasis.y})
            </strong>{' '}
            · <span className="muted">an attack led by a hero annexes it</span>
          </>
        )}
        {target && (
          <>
            <strong>{target.name}</strong> ({target.x}|{target.y}) · {target.owner ? target.owner.username : BARBARIANS}
            {target.owner?.id === viewerId && <span className="badge badge--green">yours</span>}
            {targetAlliance && <span className="muted">[{targetAlliance.tag}]</span>}
            {foreign && relation !== null && relation !== 'own' && (
              <span className={`badge ${relation === 'war' ? 'badge--red' : relation === 'other' ? 'badge--grey' : 'badge--blue'}`} data-testid="send-relation">
                {RELATION_LABELS[relation]}
              </span>
            )}
            {target.protectedUntil && (
              <>
                {' · '}
                <ProtectionShield until={target.protectedUntil} serverOffsetMs={serverOffsetMs} onEnd={() => setShieldEnded((n) => n + 1)} />
              </>
            )}
            {targetVacation && (
              <>
                {' · '}
                <VacationMark until={targetVacation} serverOffsetMs={serverOffsetMs} />
              </>
            )}
          </>
        )}
      </p>

      <fieldset className="army-send__missions">
        <legend>Mission</legend>
        {MISSIONS.map((m) => (
          <label key={m.id} className={`army-mission${mission === m.id ? ' army-mission--chosen' : ''}`} title={m.hint}>
            <input type="radio" name={`${formId}-mission`} value={m.id} checked={mission === m.id} onChange={() => setMission(m.id)} />
            {m.label}
          </label>
        ))}
      </fieldset>
      <p className="muted army-send__hint">{MISSIONS.find((m) => m.id === mission)?.hint}</p>

      <fieldset className="army-send__units">
        <legend>Units</legend>
        {homeEntries.length === 0 ? (
          <p className="muted">
            No troops at home in {from.name}. <Link to="/game/village?tab=units">Train some</Link> first.
          </p>
        ) : (
          <table className="table army-units">
            <thead>
              <tr>
                <th scope="col">Unit</th>
                <th scope="col">At home</th>
                <th scope="col">Send</th>
              </tr>
            </thead>
            <tbody>
              {homeEntries.map(([type, atHome]) => (
                <tr key={type}>
                  <th scope="row">
                    <span className="icon-label">
                      <UnitIcon type={type} size={28} />
                      {UNITS[type].name}
                    </span>
                  </th>
                  <td>{formatNumber(atHome)}</td>
                  <td>
                    <div className="army-units__count">
                      <input
                        className="input"
                        type="number"
                        min={0}
                        max={atHome}
                        aria-label={`${UNITS[type].name} to send`}
                        value={counts[type] ?? ''}
                        placeholder="0"
                        onChange={(e) => setCount(type, e.target.value)}
                      />
                      <button type="button" className="button button--secondary button--small" onClick={() => setCount(type, String(atHome))} aria-label={`Send all ${UNITS[type].name}`}>
                        Max
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </fieldset>

      {aiming && (
        <div className="field">
          <label htmlFor={`${formId}-aim`}>Catapults aim at</label>
          {/* Options hold text only: the chosen building's picture stands beside the list. */}
          <div className="army-send__aim">
            {aim !== '' && <BuildingIcon type={aim} size={32} />}
            <select id={`${formId}-aim`} className="input" value={aim} onChange={(e) => setAim(CATAPULT_TARGETS.find((t) => t === e.target.value) ?? '')}>
              <option value="">A random building</option>
              {CATAPULT_TARGETS.map((type) => (
                <option key={type} value={type}>
                  {BUILDINGS[type].name}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}

      {takesHero && ready.length > 0 && (
        <div className="field">
          <label htmlFor={`${formId}-hero`}>Hero (optional)</label>
          <select id={`${formId}-hero`} className="input" value={heroId} onChange={(e) => setHeroId(e.target.value)}>
            <option value="">No hero</option>
            {ready.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name} (level {h.level}, attack {h.attack})
              </option>
            ))}
          </select>
        </div>
      )}

      <section className="army-preview" aria-label="March preview">
        {preview ? (
          <dl>
            <div>
              <dt>Distance</dt>
              <dd>{formatDistance(preview.distance)} tiles</dd>
            </div>
            <div>
              <dt>Travel time</dt>
              <dd data-testid="preview-travel">{formatDuration(preview.seconds)}</dd>
            </div>
            <div>
              <dt>Arrival</dt>
              <dd>{new Date(Date.now() + preview.seconds * 1000).toLocaleTimeString()}</dd>
            </div>
            <div>
              <dt>Pace</dt>
              <dd>
                <UnitName type={preview.slowest} />
              </dd>
            </div>
            {takesHero && (
              <div>
                <dt>Carry capacity</dt>
                <dd data-testid="preview-carry">{formatNumber(preview.carry)}</dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="muted">Choose a target and some units to see how long the march takes.</p>
        )}
      </section>

      {refusal && (
        <div className="army-send__refusal">
          <p className="alert alert--compact" role="alert">
            {refusal}
          </p>
          {reinforceInstead && (
            <button type="button" className="button button--secondary button--small" onClick={() => setMission('reinforce')}>
              Reinforce instead
            </button>
          )}
        </div>
      )}
      {nightNote && (
        <p className="alert alert--info alert--compact" data-testid="truce-note">
          {nightNote}
        </p>
      )}
      <ActionOutcome message={send.outcome} />
      <ActionButton type="submit" className="button" disabled={!canSend} pending={send.pending} busyLabel="Sending...">
        Send troops
      </ActionButton>
    </form>
  );
}
