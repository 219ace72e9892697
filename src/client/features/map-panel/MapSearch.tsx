// Search by village name or (x|y): Enter or the button; one hit centres the map on it, several are listed to pick from.
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiError } from '../../api/client';
import type { MapSearchResult } from '../../api/map';
import { centreOnAtom, mapCameraAtom, mapWorldIdAtom, selectTileAtom, type TilePoint } from '../../state/map';
import { mapSearchQuery, worldsQuery } from '../../state/queries';
import { DEFAULT_WORLD_SIZE, isInsideWorld, parseCoordinates } from '../../../rules/world';
import { PlayerLink } from '../../ui/PlayerLink';

export function MapSearch() {
  const { t } = useTranslation('map-panel');
  // The world only; the centre is read when a search is sent, so a drag does not re-render the form.
  const worldId = useAtomValue(mapWorldIdAtom);
  const store = useStore();
  const worlds = useQuery(worldsQuery()).data ?? null;
  const client = useQueryClient();
  const centreOn = useSetAtom(centreOnAtom);
  const select = useSetAtom(selectTileAtom);
  const [text, setText] = useState('');
  const [results, setResults] = useState<MapSearchResult[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const inputId = useId();
  // A search is asked afresh every time (villages come and go), through the search query of the cache.
  const search = useMutation({
    mutationFn: (ask: { worldId: string; text: string; near: TilePoint }) => client.fetchQuery({ ...mapSearchQuery(ask.worldId, ask.text, ask.near), staleTime: 0 }),
    onSuccess: (found) => {
      const [only, ...more] = found;
      if (!only) setMessage(t('search.none'));
      else if (more.length === 0) go(only);
      else setResults(found);
    },
    onError: (error) => setMessage(apiError(error, t('search.failed'))),
  });

  function go(result: MapSearchResult) {
    centreOn({ x: result.x, y: result.y });
    select({ x: result.x, y: result.y });
    setResults(null);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    const camera = store.get(mapCameraAtom);
    if (!query || !camera) return;
    setMessage(null);
    setResults(null);
    const typed = parseCoordinates(query);
    const size = worlds?.find((w) => w.id === camera.worldId)?.size ?? DEFAULT_WORLD_SIZE;
    if (typed && !isInsideWorld(typed.x, typed.y, size)) {
      setMessage(t('search.outside', { x: typed.x, y: typed.y }));
      return;
    }
    search.mutate({ worldId: camera.worldId, text: query, near: { x: camera.x, y: camera.y } });
  }

  return (
    <div className="map-search">
      <form role="search" onSubmit={onSubmit} className="input-with-button">
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id={inputId}
          className="input"
          type="search"
          placeholder={t('search.placeholder')}
          value={text}
          maxLength={60}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--small" disabled={search.isPending || worldId === null}>
          {t('search.submit')}
        </button>
      </form>
      {message && (
        <p className="map-search__message" role="status">
          {message}
        </p>
      )}
      {results && (
        <ul className="map-search__results" aria-label={t('search.results')}>
          {results.map((result) => (
            <li key={result.villageId ?? `${result.x}|${result.y}`}>
              <button type="button" className="link-button" onClick={() => go(result)}>
                {result.name ?? t('search.tile')} ({result.x}|{result.y})
              </button>
              {result.owner && (
                <span className="muted">
                  {' '}
                  <PlayerLink player={result.owner} />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
