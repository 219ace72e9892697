// The contract machinery itself: operations without a handler answer 501, handlers reply with the contract's status, and the reply check catches what breaks the contract.
import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { listOperations, registerOperations } from '../../src/server/openapi';
import { Redirect, type Handlers } from '../../src/server/operations';
import { unauthorized } from '../../src/server/errors';
import { assertNoViolation, checkRepliesAgainstContract } from './contract';

const noGuards = {
  async requireUser() {
    throw unauthorized();
  },
  requireRole() {},
};

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

async function appWith(handlers: Handlers, routes?: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  app = Fastify();
  registerOperations(app, handlers, noGuards);
  routes?.(app);
  checkRepliesAgainstContract(app);
  await app.ready();
  return app;
}

describe('operations of openapi.yaml', () => {
  it('answer 501 with a readable error while they have no handler', async () => {
    await appWith({});
    const open = listOperations().filter((op) => !op.secured && op.method === 'GET' && !op.path.includes('{'));
    expect(open.length).toBeGreaterThan(0);
    for (const op of open) {
      const res = await app.inject({ method: op.method, url: op.path });
      expect(res.statusCode, op.operationId).toBe(501);
      expect(res.json()).toEqual({ error: 'Not implemented yet', code: 'not_implemented' });
    }
  });

  it('send what a handler returns with the status the contract gives, and a redirect as a 302', async () => {
    await appWith({
      async getHealth() {
        return { status: 'ok' };
      },
      async discordRedirect() {
        return new Redirect('/somewhere');
      },
    });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    const redirect = await app.inject({ method: 'GET', url: '/api/auth/discord' });
    expect([redirect.statusCode, redirect.headers.location]).toEqual([302, '/somewhere']);
  });

  it('never let a field the contract does not name leave the server', async () => {
    await appWith({
      // A handler that returns more than it promises (only a cast lets it past the compiler).
      getHealth: (async () => ({ status: 'ok', secret: 'hash' })) as unknown as Handlers['getHealth'],
    });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('the reply check of the API tests', () => {
  it('fails a reply with a field the contract does not name', async () => {
    await appWith({ getHealth: (async () => ({ status: 'ok', secret: 'hash' })) as unknown as Handlers['getHealth'] });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(() => assertNoViolation(res.headers)).toThrow(/getHealth.*must NOT have additional properties \(secret\)/);
  });

  it('fails a reply of the wrong shape, also when it was sent as ready-made JSON', async () => {
    await appWith({ getHealth: (async () => ({ status: 'tired' })) as unknown as Handlers['getHealth'] });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(() => assertNoViolation(res.headers)).toThrow(/\/status must be equal to constant/);
    await app.close();
    await appWith({}, (fastify) =>
      fastify.get('/raw', { config: { operationId: 'getHealth' } }, async (_request, reply) =>
        reply.type('application/json').send('{"status":"ok","extra":1}'),
      ),
    );
    const raw = await app.inject({ method: 'GET', url: '/raw' });
    expect(() => assertNoViolation(raw.headers)).toThrow(/additional properties \(extra\)/);
  });

  it('fails a status the contract does not declare, and an error reply that is not Error', async () => {
    await appWith({}, (fastify) => {
      fastify.get('/created', { config: { operationId: 'getHealth' } }, async (_request, reply) => reply.code(201).send({ status: 'ok' }));
      fastify.get('/odd-error', { config: { operationId: 'getHealth' } }, async (_request, reply) => reply.code(409).send({ message: 'no' }));
    });
    const created = await app.inject({ method: 'GET', url: '/created' });
    expect(() => assertNoViolation(created.headers)).toThrow(/answered 201, which openapi.yaml does not declare/);
    const odd = await app.inject({ method: 'GET', url: '/odd-error' });
    expect(() => assertNoViolation(odd.headers)).toThrow(/must have required property 'error'/);
  });

  it('passes a reply that keeps the contract', async () => {
    await appWith({ async getHealth() { return { status: 'ok' }; } });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(() => assertNoViolation(res.headers)).not.toThrow();
  });
});
