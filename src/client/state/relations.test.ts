// @vitest-environment happy-dom
// The viewer the map colours villages for: read from the alliance and diplomacy queries, unknown until both answered,
// and the same object across reads that change nothing it shows.
import { createStore } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import { describe, expect, it, vi } from 'vitest';
import type { Alliance, Diplomacy, DiplomaticRelation, MyAlliance } from '../api/alliances';
import { setupFakeServer } from '../test/fakeServer';
import { TEST_USER } from '../test/render';
import { createQueryClient } from './queryClient';
import { queryKeys } from './queryKeys';
import { mapViewerAtom, relationsKnownAtom, sameViewer } from './relations';
import { signInAtom } from './session';

const ME = TEST_USER.id;
const MINE = '44444444-4444-4444-8444-444444444444';

const alliance = (id: string): Alliance => ({
  id,
  name: 'Ravens',
  tag: 'ODIN',
  description: '',
  isPublic: true,
  memberCount: 1,
  memberCap: 3,
  leaderEmbassyLevel: 1,
  totalVillages: 1,
  totalPopulation: 10,
  foundedAt: '2026-01-01T00:00:00.000Z',
  members: [],
  announcement: null,
});

const member = (id: string | null): MyAlliance => ({
  embassyLevel: 1,
  alliance: id ? alliance(id) : null,
  membership: id ? { role: 'leader', joinedAt: '2026-01-01T00:00:00.000Z' } : null,
});

const relation = (allianceId: string, kind: DiplomaticRelation['kind'], status: DiplomaticRelation['status'] = 'active'): DiplomaticRelation => ({
  id: `r-${allianceId}`,
  kind,
  status,
  direction: 'outgoing',
  alliance: { id: allianceId, tag: allianceId.toUpperCase(), name: allianceId },
  proposedAt: '2026-01-01T00:00:00.000Z',
  acceptedAt: status === 'active' ? '2026-01-02T00:00:00.000Z' : null,
  proposedBy: null,
});

const diplomacy = (relations: DiplomaticRelation[], allianceId = MINE): Diplomacy => ({ allianceId, relations, caps: { confederation: 3, nap: 3 } });

const server = setupFakeServer();

function signedIn() {
  const store = createStore();
  const client = createQueryClient();
  store.set(queryClientAtom, client);
  store.set(signInAtom, { token: 't', user: TEST_USER });
  // Mounted as the map mounts it, so the queries are read and followed.
  const unsubscribe = store.sub(mapViewerAtom, () => undefined);
  const unsubscribeKnown = store.sub(relationsKnownAtom, () => undefined);
  return { store, client, dispose: () => (unsubscribe(), unsubscribeKnown()) };
}

describe('mapViewerAtom', () => {
  it('is nobody when signed out, and asks nothing', () => {
    const store = createStore();
    store.set(queryClientAtom, createQueryClient());
    store.sub(mapViewerAtom, () => undefined);
    expect(store.get(mapViewerAtom)).toBeNull();
    expect(store.get(relationsKnownAtom)).toBe(true);
    expect(server.calls).toHaveLength(0);
  });

  it('knows a player outside any alliance once the alliance read says so, without asking for diplomacy', async () => {
    server.on('GET /api/alliances/my-alliance', member(null));
    const { store, dispose } = signedIn();
    expect(store.get(relationsKnownAtom)).toBe(false);
    expect(store.get(mapViewerAtom)).toMatchObject({ id: ME, allianceId: null });
    await vi.waitFor(() => expect(store.get(relationsKnownAtom)).toBe(true));
    expect(store.get(mapViewerAtom)?.relations.size).toBe(0);
    expect(server.paths()).toEqual(['GET /api/alliances/my-alliance']);
    dispose();
  });

  it('gives a member their alliance and its active relations, proposals left out', async () => {
    server.on('GET /api/alliances/my-alliance', member(MINE));
    server.on('GET /api/alliances/diplomacy', diplomacy([relation('friends', 'confederation'), relation('neighbours', 'nap'), relation('foes', 'war'), relation('maybe', 'nap', 'proposed')]));
    const { store, dispose } = signedIn();
    await vi.waitFor(() => expect(store.get(relationsKnownAtom)).toBe(true));
    const viewer = store.get(mapViewerAtom);
    expect(viewer?.allianceId).toBe(MINE);
    expect([...(viewer?.relations ?? [])]).toEqual([
      ['friends', 'confederation'],
      ['neighbours', 'nap'],
      ['foes', 'war'],
    ]);
    dispose();
  });

  it('stays the same object across reads that change nothing it shows, and changes with a relation', async () => {
    let relations = [relation('friends', 'confederation')];
    server.on('GET /api/alliances/my-alliance', member(MINE));
    server.on('GET /api/alliances/diplomacy', () => diplomacy(relations));
    const { store, client, dispose } = signedIn();
    await vi.waitFor(() => expect(store.get(relationsKnownAtom)).toBe(true));
    const first = store.get(mapViewerAtom);
    let seen = 0;
    const unsubscribe = store.sub(mapViewerAtom, () => seen++);
    const changes = () => seen;

    // A proposal arrives: the reply changed, what the map shows did not.
    relations = [...relations, relation('maybe', 'war', 'proposed')];
    await client.refetchQueries({ queryKey: queryKeys.diplomacy(ME) });
    expect(client.getQueryData<Diplomacy>(queryKeys.diplomacy(ME))?.relations).toHaveLength(2);
    // The query's observers are told on the next task.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.get(mapViewerAtom)).toBe(first);
    expect(changes()).toBe(0);

    // It is accepted: the viewer changes, so the chunks are drawn again.
    relations = [relation('friends', 'confederation'), relation('maybe', 'war')];
    await client.refetchQueries({ queryKey: queryKeys.diplomacy(ME) });
    await vi.waitFor(() => expect(store.get(mapViewerAtom)?.relations.get('maybe')).toBe('war'));
    expect(store.get(mapViewerAtom)).not.toBe(first);
    expect(changes()).toBe(1);
    unsubscribe();
    dispose();
  });

  it('ignores a diplomacy reply of an alliance the player has left', async () => {
    server.on('GET /api/alliances/my-alliance', member(MINE));
    server.on('GET /api/alliances/diplomacy', diplomacy([relation('foes', 'war')], 'an-old-alliance'));
    const { store, dispose } = signedIn();
    await vi.waitFor(() => expect(server.requests('GET', '/api/alliances/diplomacy')).toHaveLength(1));
    await vi.waitFor(() => expect(store.get(mapViewerAtom)?.allianceId).toBe(MINE));
    expect(store.get(relationsKnownAtom)).toBe(false);
    expect(store.get(mapViewerAtom)?.relations.size).toBe(0);
    dispose();
  });
});

describe('sameViewer', () => {
  it('compares players, alliances and every relation', () => {
    const a = { id: 'me', allianceId: 'x', relations: new Map([['y', 'nap' as const]]) };
    expect(sameViewer(a, { ...a, relations: new Map([['y', 'nap' as const]]) })).toBe(true);
    expect(sameViewer(a, { ...a, relations: new Map([['y', 'war' as const]]) })).toBe(false);
    expect(sameViewer(a, { ...a, relations: new Map() })).toBe(false);
    expect(sameViewer(a, { ...a, allianceId: null })).toBe(false);
    expect(sameViewer(a, null)).toBe(false);
    expect(sameViewer(null, null)).toBe(true);
  });
});
