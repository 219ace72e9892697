// /game/army: troops at home per village, sending troops (target typed or picked on the map), armies on the march with countdowns, reinforcements, and founding new villages.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useSearchParams } from 'react-router';
import { listHeroes, type Hero } from '../../api/heroes';
import type { Movement } from '../../api/army';
import {
  armyVersionAtom,
  loadMovementsAtom,
  loadStationedAtom,
  movementsAtom,
  putMovementAtom,
  stationedAtom,
} from '../../state/army';
import { userAtom } from '../../state/session';
import {
  loadOverviewAtom,
  loadVillagesAtom,
  loadWorldsAtom,
  putVillageAtom,
  selectedVillageAtom,
  selectedVillageIdAtom,
  villagesAtom,
  villagesStatusAtom,
  worldsAtom,
  type Village,
} from '../../state/village';
import { Spinner } from '../../ui/Spinner';
import { FoundVillage } from './FoundVillage';
import { HomeTroops } from './HomeTroops';
import { MovementList } from './MovementList';
import { SendTroopsForm } from './SendTroopsForm';
import { StationedTroops } from './StationedTroops';
import { parseArmyRequest } from './model';
import { useHomeTroops } from './useHomeTroops';
import './army.css';

export default function ArmyPage() {
  const villages = useAtomValue(villagesAtom);
  const villagesStatus = useAtomValue(villagesStatusAtom);
  const selected = useAtomValue(selectedVillageAtom);
  const user = useAtomValue(userAtom);
  const movements = useAtomValue(movementsAtom);
  const stationed = useAtomValue(stationedAtom);
  const version = useAtomValue(armyVersionAtom);
  const worlds = useAtomValue(worldsAtom);
  const loadMovements = useSetAtom(loadMovementsAtom);
  const loadStationed = useSetAtom(loadStationedAtom);
  const putMovement = useSetAtom(putMovementAtom);
  const loadOverview = useSetAtom(loadOverviewAtom);
  const loadVillages = useSetAtom(loadVillagesAtom);
  const putVillage = useSetAtom(putVillageAtom);
  const loadWorlds = useSetAtom(loadWorldsAtom);
  const [params] = useSearchParams();
  const request = parseArmyRequest(params);

  // Troops leave from the shell's selected village: choosing another here selects it there too (its stock shows in the top bar).
  const setSelectedId = useSetAtom(selectedVillageIdAtom);
  const from = selected;
  const { troops, failed, reload: reloadTroops } = useHomeTroops(villages, version);
  const [heroes, setHeroes] = useState<Hero[]>([]);

  const reloadHeroes = useCallback(() => {
    listHeroes().then(setHeroes, (e: unknown) => console.error('Loading the heroes failed', e));
  }, []);

  useEffect(() => {
    void loadMovements();
    void loadStationed();
    reloadHeroes();
  }, [loadMovements, loadStationed, reloadHeroes]);

  useEffect(() => {
    if (worlds === null) loadWorlds().catch((e: unknown) => console.error('Loading the worlds failed', e));
  }, [worlds, loadWorlds]);

  // The map's 'Found village here' lands on the founding section.
  const foundRef = useRef<HTMLDivElement>(null);
  const settling = request.mission === 'settle';
  useEffect(() => {
    if (settling) foundRef.current?.scrollIntoView({ block: 'start' });
  }, [settling, villages !== null]); // eslint-disable-line react-hooks/exhaustive-deps -- scroll once the section exists

  const worldSpeedOf = useCallback((worldId: string) => worlds?.find((w) => w.id === worldId)?.speed ?? 1, [worlds]);

  const afterMarch = useCallback(
    (movement: Movement) => {
      putMovement(movement);
      void reloadTroops();
      void loadStationed();
      reloadHeroes();
      if (selected) void loadOverview(selected.id);
    },
    [putMovement, reloadTroops, loadStationed, reloadHeroes, selected, loadOverview],
  );

  // An arrival settles on the server when it is read: read the movements and the troops again.
  const onArrived = useCallback(() => {
    void loadMovements();
    void reloadTroops();
  }, [loadMovements, reloadTroops]);

  const onFounded = useCallback(
    (village: Village) => {
      putVillage(village);
      void loadVillages();
    },
    [putVillage, loadVillages],
  );

  if (villages === null) {
    return (
      <section className="page army" aria-labelledby="army-title">
        <h1 id="army-title" className="page__title">
          Army
        </h1>
        {villagesStatus === 'error' ? <p className="muted">Could not load your villages.</p> : <Spinner label="Loading your villages..." />}
      </section>
    );
  }

  if (villages.length === 0 || !from) {
    return (
      <section className="page army" aria-labelledby="army-title">
        <h1 id="army-title" className="page__title">
          Army
        </h1>
        <div className="card">
          <p>
            You have no village yet. <Link to="/game/village">Join a world</Link> to raise an army.
          </p>
        </div>
      </section>
    );
  }

  const fightingRequest = request.mission === 'settle' ? null : request.mission;

  return (
    <section className="page army" aria-labelledby="army-title">
      <h1 id="army-title" className="page__title">
        Army
      </h1>
      <div className="army-grid">
        <SendTroopsForm
          villages={villages}
          fromVillageId={from.id}
          onFromVillageChange={setSelectedId}
          troops={troops}
          heroes={heroes}
          worldSpeedOf={worldSpeedOf}
          viewerId={user?.id ?? null}
          initialTarget={settling ? null : request.target}
          initialMission={fightingRequest}
          onSent={afterMarch}
        />
        <div className="army-column">
          <MovementList movements={movements} onArrived={onArrived} />
          <HomeTroops villages={villages} troops={troops} failed={failed} onRetry={() => void reloadTroops()} />
        </div>
      </div>
      <div className="army-grid" ref={foundRef}>
        <FoundVillage source={from} longhouse={troops.get(from.id)?.longhouse ?? null} requested={settling ? request.target : null} onFounded={onFounded} />
        <StationedTroops stationed={stationed} onRecalled={afterMarch} />
      </div>
    </section>
  );
}
