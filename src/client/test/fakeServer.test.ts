// The client tests' fake server routes fetch by method and path, passes calls on, and records what it was sent.
import { describe, expect, it } from 'vitest';
import { reply, setupFakeServer } from './fakeServer';

const server = setupFakeServer();

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  return server.fetch(new Request(`http://localhost${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }) }));
}

describe('the fake server', () => {
  it('answers by method and path, with path parameters, and records the calls with their bodies', async () => {
    server.on('POST /api/quests/:questId/start', ({ params, body }) => ({ started: params.questId, body }));
    server.on('GET /api/quests', { quests: [] });
    expect(await (await send('GET', '/api/quests?x=1')).json()).toEqual({ quests: [] });
    expect(await (await send('POST', '/api/quests/q1/start', { why: 'now' })).json()).toEqual({ started: 'q1', body: { why: 'now' } });
    expect(server.paths()).toEqual(['GET /api/quests', 'POST /api/quests/q1/start']);
    expect(server.calls[0].query.get('x')).toBe('1');
    expect(server.requests('POST', '/api/quests/q1/start')[0].body).toEqual({ why: 'now' });
  });

  it('asks the later route first, which may pass the call on; unknown routes answer 404', async () => {
    server.on('GET /api/*', reply(500, { error: 'Down' }));
    server.on('GET /api/villages', ({ query }) => (query.get('mine') ? { villages: [] } : undefined));
    expect((await send('GET', '/api/villages?mine=1')).status).toBe(200);
    expect((await send('GET', '/api/villages')).status).toBe(500);
    const missing = await send('DELETE', '/api/villages');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'No fake route for DELETE /api/villages' });
    expect(server.calls).toHaveLength(3);
  });

  it('fails the fetch when a handler throws, as a network failure does', async () => {
    server.on('GET /api/worlds', () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(send('GET', '/api/worlds')).rejects.toThrow('Failed to fetch');
  });
});
