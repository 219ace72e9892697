// The army page's farm lists: a new list for the selected village, a target added by coordinates with its unit template
// (filled in when the map, a report or a profile sent the player here with ?farm=x|y), and each list with its rows.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addFarmTarget, createFarmList, type FarmList, type FarmListList } from '../../api/farmLists';
import type { Village } from '../../api/villages';
import type { ArmyMovement } from '../../state/army';
import { farmListsQuery } from '../../state/queries';
import { queryKeys, type Viewer } from '../../state/queryKeys';
import { farmListNameError } from '../../../rules/farm-lists';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { FarmListCard, putFarmList } from './FarmListCard';
import { UnitTemplate } from './UnitTemplate';
import { countsFrom, hasUnits, templateFrom, type FarmRequest } from './farmModel';
import { unitsAtHome } from './model';
import type { HomeTroops } from './useHomeTroops';
import './farm-lists.css';

export interface FarmListsProps {
  viewer: Viewer;
  /** The shell's selected village: a new list raids from it, and its lists come first in the target form. */
  selected: Village;
  troops: HomeTroops;
  movements: readonly ArmyMovement[] | null;
  /** A target another page asked to add (`?farm=x|y&units=...`), or null. */
  request: FarmRequest | null;
}

function coordinate(text: string): number | null {
  return /^\s*-?\d{1,3}\s*$/.test(text) && Math.abs(Number(text)) <= 200 ? Number(text) : null;
}

/** Adds a target by its coordinates to one of the lists, with the units to raid it with. */
function AddTargetForm({ lists, viewer, selected, troops, request }: { lists: readonly FarmList[] } & Omit<FarmListsProps, 'movements'>) {
  const { t } = useTranslation('army');
  const formId = useId();
  const client = useQueryClient();
  // The selected village's first list by default: the one the player is most likely raiding from.
  const preferred = lists.find((l) => l.village.id === selected.id) ?? lists[0];
  const [listId, setListId] = useState(preferred?.id ?? '');
  const [xText, setXText] = useState(request ? String(request.x) : '');
  const [yText, setYText] = useState(request ? String(request.y) : '');
  const [counts, setCounts] = useState<Record<string, string>>(request ? countsFrom(request.units) : {});
  const list = lists.find((l) => l.id === listId) ?? preferred;
  const home = unitsAtHome(troops.get(list?.village.id ?? '')?.units ?? []);

  // Another request (a new tile from the map) replaces the coordinates and units.
  const requestKey = request ? `${request.x}|${request.y}|${JSON.stringify(request.units)}` : '';
  useEffect(() => {
    if (!request) return;
    setXText(String(request.x));
    setYText(String(request.y));
    setCounts(countsFrom(request.units));
    // requestKey names the request; the object is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  const add = useAction({
    mutationFn: ({ id, target }: { id: string; target: { x: number; y: number; units: ReturnType<typeof templateFrom> } }) => addFarmTarget(id, target),
    onSuccess: (changed) => {
      client.setQueryData<FarmListList>(queryKeys.farmLists(viewer), (old) => putFarmList(old, changed));
      setXText('');
      setYText('');
    },
    success: (changed) => t('farm.add.success', { name: changed.name }),
    failure: t('farm.add.failure'),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const x = coordinate(xText);
    const y = coordinate(yText);
    const units = templateFrom(counts);
    if (!list) return;
    if (x === null || y === null) add.refuse(t('farm.add.badCoordinates'));
    else if (!hasUnits(units)) add.refuse(t('farm.noUnits'));
    else add.run({ id: list.id, target: { x, y, units } });
  }

  return (
    <form className="farm-add" aria-labelledby={`${formId}-title`} onSubmit={onSubmit}>
      <h3 id={`${formId}-title`}>{t('farm.add.title')}</h3>
      <div className="farm-add__row">
        <div className="field">
          <label htmlFor={`${formId}-list`}>{t('farm.add.list')}</label>
          <select id={`${formId}-list`} className="input" value={list?.id ?? ''} onChange={(e) => setListId(e.target.value)}>
            {lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({l.village.name})
              </option>
            ))}
          </select>
        </div>
        <div className="field farm-add__coord">
          <label htmlFor={`${formId}-x`}>X</label>
          <input id={`${formId}-x`} className="input" inputMode="numeric" value={xText} placeholder="x" onChange={(e) => setXText(e.target.value)} />
        </div>
        <div className="field farm-add__coord">
          <label htmlFor={`${formId}-y`}>Y</label>
          <input id={`${formId}-y`} className="input" inputMode="numeric" value={yText} placeholder="y" onChange={(e) => setYText(e.target.value)} />
        </div>
      </div>
      <fieldset className="farm-add__units">
        <legend>{t('farm.add.units', { village: list?.village.name ?? t('farm.add.theVillage') })}</legend>
        <UnitTemplate counts={counts} onChange={setCounts} home={home} forWhom={t('farm.add.forWhom')} />
      </fieldset>
      <div className="row">
        <ActionButton type="submit" className="button button--small" pending={add.pending} busyLabel={t('farm.add.adding')}>
          {t('farm.add.submit')}
        </ActionButton>
        <ActionOutcome message={add.outcome} />
      </div>
    </form>
  );
}

export function FarmLists({ viewer, selected, troops, movements, request }: FarmListsProps) {
  const { t } = useTranslation('army');
  const client = useQueryClient();
  const query = useQuery(farmListsQuery(viewer));
  const data = query.data;
  const [name, setName] = useState('');
  const sectionRef = useRef<HTMLElement>(null);

  // A target sent from another page: the section comes into view.
  const asked = request !== null;
  useEffect(() => {
    if (asked) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [asked, data !== undefined]); // eslint-disable-line react-hooks/exhaustive-deps -- once the lists are there

  const create = useAction({
    mutationFn: (listName: string) => createFarmList({ name: listName, villageId: selected.id }),
    onSuccess: (list) => {
      client.setQueryData<FarmListList>(queryKeys.farmLists(viewer), (old) => putFarmList(old, list));
      setName('');
    },
    success: (list) => t('farm.createSuccess', { name: list.name, village: list.village.name }),
    failure: t('farm.createFailure'),
  });

  function onCreate(event: FormEvent) {
    event.preventDefault();
    const refusal = farmListNameError(name);
    if (refusal) create.refuse(refusal);
    else create.run(name);
  }

  const lists = data?.lists ?? [];
  const full = data !== undefined && lists.length >= data.maxLists;

  return (
    <section className="card farm-lists" aria-labelledby="farm-lists-title" ref={sectionRef}>
      <h2 id="farm-lists-title">{t('farm.title')}</h2>
      <p className="muted">{t('farm.intro')}</p>
      {query.isError && <p className="muted">{t('farm.failed')}</p>}
      {data === undefined && !query.isError && <p className="muted">{t('farm.loading')}</p>}
      {data !== undefined && (
        <>
          <form className="farm-create" onSubmit={onCreate}>
            <label htmlFor="farm-new-name">{t('farm.newList', { name: selected.name })}</label>
            <input id="farm-new-name" className="input" value={name} maxLength={40} placeholder={t('farm.namePlaceholder')} onChange={(e) => setName(e.target.value)} disabled={full} />
            <ActionButton type="submit" className="button button--small" pending={create.pending} busyLabel={t('farm.creating')} disabled={full}>
              {t('farm.create')}
            </ActionButton>
            <span className="muted">
              {t('farm.count', { count: lists.length, max: data.maxLists })}
            </span>
            <ActionOutcome message={create.outcome} />
          </form>
          {lists.length === 0 ? (
            <p className="muted">{request ? t('farm.makeFirst', { x: request.x, y: request.y }) : t('farm.empty')}</p>
          ) : (
            <>
              <AddTargetForm lists={lists} viewer={viewer} selected={selected} troops={troops} request={request} />
              {lists.map((list) => (
                <FarmListCard key={list.id} list={list} viewer={viewer} home={unitsAtHome(troops.get(list.village.id)?.units ?? [])} movements={movements} />
              ))}
            </>
          )}
        </>
      )}
    </section>
  );
}
