// The send-troops form: from which village, the target tile (typed or picked on the map) and how it stands to the player,
// the mission, how many of each unit, an optional hero, and the march previewed before sending.
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { sendTroops, type SendableMovementType, type SendTroopsOrder } from '../../api/army';
import type { Hero } from '../../api/heroes';
import type { MapArea, MapSearchResult } from '../../api/map';
import type { Village } from '../../api/villages';
import { putMovement } from '../../state/army';
import { mapViewerAtom, relationsKnownAtom } from '../../state/relations';
import { useServerOffset } from '../../state/village';
import { mapAreaQuery, mapSearchQuery, vacationQuery, worldsQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { formatDistance, formatDuration, formatNumber, formatTimeWithSeconds } from '../../i18n/format';
import { buildingName, unitName } from '../../i18n/game';
import { unitCount, unitEntries } from '../../../rules/units';
import type { BuildingType } from '../../../rules/buildings';
import { CATAPULT_TARGETS } from '../../../rules/catapults';
import { scoutingRefusal } from '../../../rules/scouting';
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
  const { t } = useTranslation('army');
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
    success: (movement) => t('send.success', { name: movement.toVillage.name, x: movement.toVillage.x, y: movement.toVillage.y, time: formatDuration(movement.remainingTime) }),
    failure: t('send.failure'),
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
  const oasisRefusal = oasis && mission !== 'attack' && mission !== 'raid' ? t('send.oasisRefusal') : null;

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
      <h2 id={`${formId}-title`}>{t('send.title')}</h2>

      <div className="army-send__row">
        <div className="field">
          <label htmlFor={`${formId}-from`}>{t('send.from')}</label>
          <select id={`${formId}-from`} className="input" value={from.id} onChange={(e) => props.onFromVillageChange(e.target.value)}>
            {villages.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name} ({v.x}|{v.y})
              </option>
            ))}
          </select>
        </div>
        <fieldset className="army-send__target">
          <legend>{t('send.target')}</legend>
          <div className="army-send__coords">
            <label htmlFor={`${formId}-x`}>X</label>
            <input id={`${formId}-x`} className="input" inputMode="numeric" value={xText} onChange={(e) => setXText(e.target.value)} placeholder="x" />
            <label htmlFor={`${formId}-y`}>Y</label>
            <input id={`${formId}-y`} className="input" inputMode="numeric" value={yText} onChange={(e) => setYText(e.target.value)} placeholder="y" />
            <Link className="button button--ghost button--small" to={x !== null && y !== null ? `/game/map?x=${x}&y=${y}` : '/game/map'}>
              {t('send.pickOnMap')}
            </Link>
          </div>
        </fieldset>
      </div>

      <p className="army-send__target-line" data-testid="send-target" aria-live="polite">
        {lookup.status === 'none' && <span className="muted">{t('send.typeTarget')}</span>}
        {lookup.status === 'looking' && <span className="muted">{t('send.looking', { x, y })}</span>}
        {lookup.status === 'error' && <span className="muted">{t('send.lookFailed')}</span>}
        {lookup.status === 'empty' && !oasis && <span className="muted">{t('send.noVillage', { x, y })}</span>}
        {oasis && (
          <>
            <strong>{t('send.oasis', { x: oasis.x, y: oasis.y })}</strong>{' '}
            · <span className="muted">{t('send.oasisHint')}</span>
          </>
        )}
        {target && (
          <>
            <strong>{target.name}</strong> ({target.x}|{target.y}) · {target.owner ? target.owner.username : t('barbarians')}
            {target.owner?.id === viewerId && <span className="badge badge--green">{t('send.yours')}</span>}
            {targetAlliance && <span className="muted">[{targetAlliance.tag}]</span>}
            {foreign && relation !== null && relation !== 'own' && (
              <span className={`badge ${relation === 'war' ? 'badge--red' : relation === 'other' ? 'badge--grey' : 'badge--blue'}`} data-testid="send-relation">
                {t(`relations.${relation}`)}
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
        <legend>{t('send.mission')}</legend>
        {MISSIONS.map((m) => (
          <label key={m} className={`army-mission${mission === m ? ' army-mission--chosen' : ''}`} title={t(`missions.${m}.hint`)}>
            <input type="radio" name={`${formId}-mission`} value={m} checked={mission === m} onChange={() => setMission(m)} />
            {t(`missions.${m}.label`)}
          </label>
        ))}
      </fieldset>
      <p className="muted army-send__hint">{t(`missions.${mission}.hint`)}</p>

      <fieldset className="army-send__units">
        <legend>{t('send.units')}</legend>
        {homeEntries.length === 0 ? (
          <p className="muted">
            <Trans t={t} i18nKey="send.noTroops" values={{ name: from.name }} components={{ link: <Link to="/game/village?tab=units" /> }} />
          </p>
        ) : (
          <table className="table army-units">
            <thead>
              <tr>
                <th scope="col">{t('send.unit')}</th>
                <th scope="col">{t('send.atHome')}</th>
                <th scope="col">{t('send.send')}</th>
              </tr>
            </thead>
            <tbody>
              {homeEntries.map(([type, atHome]) => (
                <tr key={type}>
                  <th scope="row">
                    <span className="icon-label">
                      <UnitIcon type={type} size={28} />
                      {unitName(type)}
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
                        aria-label={t('send.toSend', { unit: unitName(type) })}
                        value={counts[type] ?? ''}
                        placeholder="0"
                        onChange={(e) => setCount(type, e.target.value)}
                      />
                      <button type="button" className="button button--secondary button--small" onClick={() => setCount(type, String(atHome))} aria-label={t('send.sendAll', { unit: unitName(type) })}>
                        {t('send.max')}
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
          <label htmlFor={`${formId}-aim`}>{t('send.aim')}</label>
          {/* Options hold text only: the chosen building's picture stands beside the list. */}
          <div className="army-send__aim">
            {aim !== '' && <BuildingIcon type={aim} size={32} />}
            <select id={`${formId}-aim`} className="input" value={aim} onChange={(e) => setAim(CATAPULT_TARGETS.find((t) => t === e.target.value) ?? '')}>
              <option value="">{t('send.randomBuilding')}</option>
              {CATAPULT_TARGETS.map((type) => (
                <option key={type} value={type}>
                  {buildingName(type)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}

      {takesHero && ready.length > 0 && (
        <div className="field">
          <label htmlFor={`${formId}-hero`}>{t('send.hero')}</label>
          <select id={`${formId}-hero`} className="input" value={heroId} onChange={(e) => setHeroId(e.target.value)}>
            <option value="">{t('send.noHero')}</option>
            {ready.map((h) => (
              <option key={h.id} value={h.id}>
                {t('send.heroOption', { name: h.name, level: h.level, attack: h.attack })}
              </option>
            ))}
          </select>
        </div>
      )}

      <section className="army-preview" aria-label={t('send.preview')}>
        {preview ? (
          <dl>
            <div>
              <dt>{t('send.distance')}</dt>
              <dd>{t('send.tiles', { distance: formatDistance(preview.distance) })}</dd>
            </div>
            <div>
              <dt>{t('send.travelTime')}</dt>
              <dd data-testid="preview-travel">{formatDuration(preview.seconds)}</dd>
            </div>
            <div>
              <dt>{t('send.arrival')}</dt>
              <dd>{formatTimeWithSeconds(Date.now() + preview.seconds * 1000)}</dd>
            </div>
            <div>
              <dt>{t('send.pace')}</dt>
              <dd>
                <UnitName type={preview.slowest} />
              </dd>
            </div>
            {takesHero && (
              <div>
                <dt>{t('send.carry')}</dt>
                <dd data-testid="preview-carry">{formatNumber(preview.carry)}</dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="muted">{t('send.previewEmpty')}</p>
        )}
      </section>

      {refusal && (
        <div className="army-send__refusal">
          <p className="alert alert--compact" role="alert">
            {refusal}
          </p>
          {reinforceInstead && (
            <button type="button" className="button button--secondary button--small" onClick={() => setMission('reinforce')}>
              {t('send.reinforceInstead')}
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
      <ActionButton type="submit" className="button" disabled={!canSend} pending={send.pending} busyLabel={t('send.sending')}>
        {t('send.submit')}
      </ActionButton>
    </form>
  );
}
