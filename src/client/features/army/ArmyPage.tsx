// /game/army: troops at home per village, sending troops (target typed or picked on the map), armies on the march with countdowns, farm lists, reinforcements, and founding new villages.
import { useCallback, useEffect, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { heroesQuery, movementsQuery, stationedQuery, worldsQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userAtom } from '../../state/session';
import { selectedVillageAtom, selectedVillageIdAtom, villagesAtom, villagesStatusAtom } from '../../state/village';
import { Spinner } from '../../ui/Spinner';
import { FarmLists } from './FarmLists';
import { parseFarmRequest } from './farmModel';
import { FoundVillage } from './FoundVillage';
import { HomeTroops } from './HomeTroops';
import { MovementList } from './MovementList';
import { SendTroopsForm } from './SendTroopsForm';
import { StationedTroops } from './StationedTroops';
import { parseArmyRequest } from './model';
import { useHomeTroops } from './useHomeTroops';
import './army.css';

export default function ArmyPage() {
  const { t } = useTranslation('army');
  const client = useQueryClient();
  const user = useAtomValue(userAtom);
  const viewer = user?.id ?? null;
  const villages = useAtomValue(villagesAtom);
  const villagesStatus = useAtomValue(villagesStatusAtom);
  const selected = useAtomValue(selectedVillageAtom);
  const movements = useQuery(movementsQuery(viewer)).data ?? null;
  const stationed = useQuery(stationedQuery(viewer)).data ?? null;
  const heroes = useQuery(heroesQuery(viewer)).data ?? [];
  const worlds = useQuery(worldsQuery()).data ?? null;
  const [params] = useSearchParams();
  const request = parseArmyRequest(params);
  const farmRequest = parseFarmRequest(params);

  // Troops leave from the shell's selected village: choosing another here selects it there too (its stock shows in the top bar).
  const setSelectedId = useSetAtom(selectedVillageIdAtom);
  const from = selected;
  const { troops, failed, reload: reloadTroops } = useHomeTroops(viewer, villages);

  // The map's 'Found village here' lands on the founding section.
  const foundRef = useRef<HTMLDivElement>(null);
  const settling = request.mission === 'settle';
  useEffect(() => {
    if (settling) foundRef.current?.scrollIntoView({ block: 'start' });
  }, [settling, villages !== null]); // eslint-disable-line react-hooks/exhaustive-deps -- scroll once the section exists

  const worldSpeedOf = useCallback((worldId: string) => worlds?.find((w) => w.id === worldId)?.speed ?? 1, [worlds]);

  // An arrival settles on the server when it is read: the movements and the troops are read again.
  const onArrived = useCallback(() => {
    void client.invalidateQueries({ queryKey: queryKeys.movements(viewer) });
    void client.invalidateQueries({ queryKey: queryKeys.overviews(viewer) });
  }, [client, viewer]);

  if (villages === null) {
    return (
      <section className="page army" aria-labelledby="army-title">
        <h1 id="army-title" className="page__title">
          {t('page.title')}
        </h1>
        {villagesStatus === 'error' ? <p className="muted">{t('page.villagesFailed')}</p> : <Spinner label={t('page.villagesLoading')} />}
      </section>
    );
  }

  if (villages.length === 0 || !from) {
    return (
      <section className="page army" aria-labelledby="army-title">
        <h1 id="army-title" className="page__title">
          {t('page.title')}
        </h1>
        <div className="card">
          <p>
            <Trans t={t} i18nKey="page.noVillage" components={{ link: <Link to="/game/village" /> }} />
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
          viewerId={viewer}
          initialTarget={settling ? null : request.target}
          initialMission={fightingRequest}
        />
        <div className="army-column">
          <MovementList movements={movements} onArrived={onArrived} />
          <HomeTroops villages={villages} troops={troops} failed={failed} onRetry={() => void reloadTroops()} />
        </div>
      </div>
      <FarmLists viewer={viewer} selected={from} troops={troops} movements={movements} request={farmRequest} />
      <div className="army-grid" ref={foundRef}>
        <FoundVillage source={from} longhouse={troops.get(from.id)?.longhouse ?? null} requested={settling ? request.target : null} />
        <StationedTroops stationed={stationed} />
      </div>
    </section>
  );
}
