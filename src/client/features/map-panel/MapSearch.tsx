// Search by village name or (x|y): Enter or the button; one hit centres the map on it, several are listed to pick from.
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useId, useState, type FormEvent } from 'react';
import { apiError } from '../../api/client';
import { searchMap, type MapSearchResult } from '../../api/map';
import { centreOnAtom, mapCameraAtom, mapWorldIdAtom, selectTileAtom } from '../../state/map';
import { worldsAtom } from '../../state/village';
import { DEFAULT_WORLD_SIZE, isInsideWorld, parseCoordinates } from '../../../rules/world';

export function MapSearch() {
  // The world only; the centre is read when a search is sent, so a drag does not re-render the form.
  const worldId = useAtomValue(mapWorldIdAtom);
  const store = useStore();
  const worlds = useAtomValue(worldsAtom);
  const centreOn = useSetAtom(centreOnAtom);
  const select = useSetAtom(selectTileAtom);
  const [text, setText] = useState('');
  const [results, setResults] = useState<MapSearchResult[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  function go(result: MapSearchResult) {
    centreOn({ x: result.x, y: result.y });
    select({ x: result.x, y: result.y });
    setResults(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    const camera = store.get(mapCameraAtom);
    if (!query || !camera) return;
    setMessage(null);
    setResults(null);
    const typed = parseCoordinates(query);
    const size = worlds?.find((w) => w.id === camera.worldId)?.size ?? DEFAULT_WORLD_SIZE;
    if (typed && !isInsideWorld(typed.x, typed.y, size)) {
      setMessage(`(${typed.x}|${typed.y}) is outside the world`);
      return;
    }
    setBusy(true);
    try {
      const found = await searchMap(camera.worldId, query, { x: camera.x, y: camera.y });
      if (found.length === 0) setMessage('No villages found.');
      else if (found.length === 1) go(found[0]);
      else setResults(found);
    } catch (error) {
      setMessage(apiError(error, 'Search failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="map-search">
      <form role="search" onSubmit={onSubmit} className="input-with-button">
        <label htmlFor={inputId} className="visually-hidden">
          Search villages or coordinates
        </label>
        <input
          id={inputId}
          className="input"
          type="search"
          placeholder="Name or (x|y)"
          value={text}
          maxLength={60}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--small" disabled={busy || worldId === null}>
          Search
        </button>
      </form>
      {message && (
        <p className="map-search__message" role="status">
          {message}
        </p>
      )}
      {results && (
        <ul className="map-search__results" aria-label="Search results">
          {results.map((result) => (
            <li key={result.villageId ?? `${result.x}|${result.y}`}>
              <button type="button" className="link-button" onClick={() => go(result)}>
                {result.name ?? 'Tile'} ({result.x}|{result.y})
              </button>
              {result.owner && <span className="muted"> {result.owner.username}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
