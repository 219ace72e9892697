// Player profiles through the API: what a profile shows (villages in every world, population, alliance, standings, isMe), writing one's description, finding a player by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../src/contract';
import { playerStandings } from '../../src/server/db/schema';
import { newPlayer, registerPlayer, requests, startTestApp, type TestApp } from './harness';
import { newVillage, withFoundingEmbassy, worldId, type VillageJson } from './village-helpers';
import { withRole } from './proof-world';
import { idOf, type WorldId } from '../../src/rules/ids';

type Profile = Schema<'PlayerProfile'>;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { call } = requests(() => t);

describe('a player profile', () => {
  it('shows villages in every world with population, the alliance, standings and who is looking', async () => {
    const { player, village } = await newVillage(t, undefined, 'prof');
    const visitor = await registerPlayer(t.app, newPlayer('visit'));
    const midgard = await worldId(t);

    // A second world, and the player's village there.
    const gm = await withRole(t, 'gamemaster', 'gm');
    const made = await call<{ world: { id: string; name: string } }>(gm, 'POST', '/api/gamemaster/worlds', { name: 'Jotunheim' });
    expect(made.status).toBe(201);
    const jotunheim = idOf<WorldId>(made.body.world.id);
    const joined = await call<{ village: VillageJson }>(player, 'POST', `/api/worlds/${jotunheim}/join`);
    expect(joined.status).toBe(201);
    const second = joined.body.village;

    // Founding needs an embassy; it stands for the founding only, so both villages keep the population they joined with.
    const alliance = await withFoundingEmbassy(t, player, () =>
      call<{ alliance: { id: string } }>(player, 'POST', '/api/alliances/create', { name: 'Profile Clan', tag: 'PROF', description: 'Hello.', isPublic: true }),
    );
    expect(alliance.status).toBe(201);
    // Midgard has been ranked (the rankings job wrote a row); Jotunheim not yet.
    await t.database.db.insert(playerStandings).values({ worldId: midgard, userId: player.user.id, rank: 3, population: 1, villages: 1, computedAt: t.clock.now() });

    const seen = await call<Profile>(visitor, 'GET', `/api/players/${player.user.id}`);
    expect(seen.status).toBe(200);
    const profile = seen.body;
    expect(profile.player).toEqual({ id: player.user.id, username: player.user.username });
    expect(profile.description).toBe('');
    expect(profile.alliance).toEqual({ id: alliance.body.alliance.id, tag: 'PROF', name: 'Profile Clan' });
    expect(profile.isMe).toBe(false);
    expect(profile.foundedAt).toBe(t.clock.now().toISOString());
    const worldName = (id: string) => (id === midgard ? 'Midgard' : 'Jotunheim');
    expect(profile.villages).toEqual(
      [village, second].map((v) => ({ id: v.id, name: v.name, x: v.x, y: v.y, population: v.population, isCapital: true, world: { id: v.worldId, name: worldName(v.worldId) } })),
    );
    expect(village.population).toBeGreaterThan(0);
    expect(profile.population).toBe(village.population + second.population);
    expect(profile.standings).toEqual([
      { world: { id: midgard, name: 'Midgard' }, rank: 3, population: village.population },
      { world: { id: jotunheim, name: 'Jotunheim' }, rank: null, population: second.population },
    ]);

    const own = await call<Profile>(player, 'GET', `/api/players/${player.user.id}`);
    expect(own.body).toEqual({ ...profile, isMe: true });
  });

  it('shows a player without villages or alliance, and refuses nobody', async () => {
    const loner = await registerPlayer(t.app, newPlayer('lone'));
    const profile = (await call<Profile>(loner, 'GET', `/api/players/${loner.user.id}`)).body;
    expect(profile).toMatchObject({ alliance: null, villages: [], population: 0, standings: [], isMe: true, description: '' });
    const missing = await call(loner, 'GET', '/api/players/00000000-0000-4000-8000-000000000000');
    expect([missing.status, missing.body.error]).toEqual([404, 'No such player']);
    expect((await call(null, 'GET', `/api/players/${loner.user.id}`)).status).toBe(401);
  });
});

describe('the description', () => {
  it('is trimmed, keeps its lines, shows to others and can be cleared', async () => {
    const writer = await registerPlayer(t.app, newPlayer('desc'));
    const reader = await registerPlayer(t.app, newPlayer('desc'));
    const written = await call<Profile>(writer, 'PUT', '/api/me/profile', { description: '  Skald of the north.\nAsk me for songs.  ' });
    expect(written.status).toBe(200);
    expect(written.body).toMatchObject({ description: 'Skald of the north.\nAsk me for songs.', isMe: true, player: { id: writer.user.id } });
    expect((await call<Profile>(reader, 'GET', `/api/players/${writer.user.id}`)).body.description).toBe('Skald of the north.\nAsk me for songs.');
    expect((await call<Profile>(writer, 'PUT', '/api/me/profile', { description: '   ' })).body.description).toBe('');
  });

  it('refuses text that breaks the rules, in their own words, and keeps the old one', async () => {
    const writer = await registerPlayer(t.app, newPlayer('desc'));
    await call(writer, 'PUT', '/api/me/profile', { description: 'Old words.' });
    const cases: [unknown, string][] = [
      [{ description: 'a'.repeat(501) }, 'Invalid request'],
      [{ description: 'Ring \u0007 the bell' }, 'Text may not contain control characters'],
      [{ description: 'Turn \u202Earound' }, 'Text may not contain characters that change the writing direction'],
      [{ description: 'e\u0301\u0301\u0301' }, 'Text may not stack more than 2 marks on one letter'],
      [{ description: 42 }, 'Invalid request'],
      [{}, 'Invalid request'],
    ];
    for (const [body, error] of cases) {
      const res = await call(writer, 'PUT', '/api/me/profile', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toContain(error);
    }
    expect((await call<Profile>(writer, 'GET', `/api/players/${writer.user.id}`)).body.description).toBe('Old words.');
  });
});

describe('finding a player by name', () => {
  it('finds them in any case and says when nobody has that name', async () => {
    const someone = await registerPlayer(t.app, newPlayer('Find'));
    const finder = await registerPlayer(t.app, newPlayer('seek'));
    for (const spelling of [someone.user.username, someone.user.username.toUpperCase(), someone.user.username.toLowerCase()]) {
      const found = await call<Schema<'PlayerFound'>>(finder, 'GET', `/api/players/by-name/${encodeURIComponent(spelling)}`);
      expect(found.status).toBe(200);
      expect(found.body.player).toEqual({ id: someone.user.id, username: someone.user.username });
    }
    const missing = await call(finder, 'GET', '/api/players/by-name/nobody_at_all');
    expect([missing.status, missing.body.error]).toEqual([404, 'No such player']);
  });
});
