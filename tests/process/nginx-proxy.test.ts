// The production recipe of docs/DEPLOY.md run for real: Debian's nginx with deploy/nginx.conf (TLS ending there) in front of two server processes on PostgreSQL; the game, the API, a live event, the sign-in limits and a process stopped under load, all through it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'node:https';
import { request as plainRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq, like } from 'drizzle-orm';
import { compiledServer, freePort, runServer, waitForHealth, type ServerRun } from '../support/server-process';
import { freshPostgres, type FreshPostgres } from '../support/fresh-postgres';
import { nginxInstalled, startNginx, type NginxRun } from '../support/nginx';
import { EventStreamReader } from '../support/event-stream';
import { openPostgres, type Database } from '../../src/server/db/open';
import { messages, rateLimits } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';

const url = process.env.DATABASE_URL;
/** Sign-in tries per minute per address the servers run with: the limit the test reaches. */
const AUTH_LIMIT = 20;

if (!url) console.log('nginx-proxy: skipped, it needs PostgreSQL (set DATABASE_URL) for two server processes');
else if (!nginxInstalled() && !process.env.CI) console.log('nginx-proxy: skipped, nginx is not installed (apt-get install nginx; .ci/run installs it)');

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's own address (127.0.0.2, ...): the address nginx sees, as distinct players' would be. */
  localAddress?: string;
  agent?: Agent;
}

describe.skipIf(!url || (!nginxInstalled() && !process.env.CI))('the game behind nginx (deploy/nginx.conf)', () => {
  let fresh: FreshPostgres;
  let database: Database;
  let nginx: NginxRun;
  let staticDir: string;
  const servers: { run: ServerRun; port: number }[] = [];
  /** Keeps connections to nginx open between requests, as a browser does. */
  let agent: Agent;

  /** One request to the game through nginx over TLS, trusting the test's certificate. */
  function call(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { ...options.headers };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers['content-length'] = String(payload === undefined ? 0 : Buffer.byteLength(payload));
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return new Promise((resolve, reject) => {
      const req = request(
        `${nginx.origin}${path}`,
        { method, headers, ca: nginx.ca, localAddress: options.localAddress, agent: options.localAddress ? false : (options.agent ?? agent) },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  async function register(name: string): Promise<{ token: string; name: string }> {
    const reply = await call('POST', '/api/auth/register', { body: { username: name, email: `${name}@example.com`, password: 'Valhalla#2026' } });
    expect(reply.status, reply.text).toBe(201);
    return { token: (JSON.parse(reply.text) as { token: string }).token, name };
  }

  function mail(from: { token: string }, to: string, subject: string, options: CallOptions = {}): Promise<Reply> {
    return call('POST', '/api/messages', { ...options, token: from.token, body: { to, subject, body: 'Skål!' } });
  }

  beforeAll(async () => {
    fresh = await freshPostgres(url!);
    database = await openPostgres(fresh.url);
    // A built client of its own (what `npm run build` writes to dist/), so the test needs no client build.
    staticDir = mkdtempSync(join(tmpdir(), 'vikings-static-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), `<!doctype html><title>Vikings</title><div id="root">the game's page</div>${'<!-- padding -->'.repeat(100)}`);
    writeFileSync(join(staticDir, 'assets', 'main-1a2b3c4d.js'), 'console.log("skål");');
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const env = { HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: staticDir, LOG_LEVEL: 'silent', DATABASE_URL: fresh.url, SWEEP_INTERVAL_MS: '200', AUTH_RATE_LIMIT: String(AUTH_LIMIT), TRUST_PROXY: '1', HTTPS: '1' };
      servers.push({ run: runServer(compiledServer, env), port });
    }
    await Promise.all(servers.map((server) => waitForHealth(`http://127.0.0.1:${server.port}`, server.run)));
    nginx = await startNginx([servers[0].port, servers[1].port]);
    agent = new Agent({ keepAlive: true, maxSockets: 24, ca: nginx.ca });
  }, 90_000);

  afterAll(async () => {
    agent?.destroy();
    await nginx?.stop();
    for (const server of servers) {
      if (server.run.child.exitCode === null && server.run.child.signalCode === null) server.run.child.kill('SIGTERM');
      await server.run.exited;
    }
    await database?.close();
    await fresh?.drop();
    if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves the game and the API over TLS, sends plain http to https, and leaves compression to the game', async () => {
    const page = await call('GET', '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain("the game's page");
    // HTTPS=1: the game itself says so, through the proxy.
    expect(page.headers['strict-transport-security']).toContain('max-age=31536000');
    expect((await call('GET', '/village/4')).text).toContain("the game's page");
    expect((await call('GET', '/assets/main-1a2b3c4d.js')).headers['cache-control']).toContain('immutable');
    const health = await call('GET', '/api/health');
    expect([health.status, JSON.parse(health.text)]).toEqual([200, { status: 'ok' }]);

    const redirect = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      plainRequest({ host: '127.0.0.1', port: nginx.httpPort, path: '/api/health', headers: { host: 'localhost' } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      })
        .on('error', reject)
        .end();
    });
    expect(redirect).toEqual({ status: 301, location: 'https://localhost/api/health' });

    // A map area is well over 1 KiB: gzipped by the game (nginx's gzip is off in the documented file).
    const world = await createWorld(database.db, { name: 'Proxy Fjord', speed: 1 });
    const player = await register('proxymap');
    const joined = await call('POST', `/api/worlds/${world.id}/join`, { token: player.token });
    expect(joined.status, joined.text).toBe(201);
    const { x, y } = (JSON.parse(joined.text) as { village: { x: number; y: number } }).village;
    const area = await call('GET', `/api/map/area/${world.id}/${x}/${y}/8`, { token: player.token, headers: { 'accept-encoding': 'gzip' } });
    expect(area.status).toBe(200);
    expect(area.headers['content-encoding']).toBe('gzip');
    expect(String(area.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(area.body).toString('utf8'))).toHaveProperty('tiles');
  });

  it('passes a live event to a browser-like stream client within a second', async () => {
    const [sender, watcher] = [await register('proxysend'), await register('proxywatch')];
    const opening = performance.now();
    const stream = new EventStreamReader(`${nginx.origin}/api/events`, watcher.token, { ca: nginx.ca });
    try {
      // Unbuffered: the `ready` the game writes first arrives at once, not when a buffer fills.
      const ready = await stream.next('ready', opening, 2000);
      // From the instant the server took the mail (its `sentAt`, read before its transaction even began) to the event
      // heard through nginx; and, for the record, from the moment the client sent the request.
      // The first mail each process handles runs its code cold (the JIT, the statements' first plans): on a loaded
      // machine that alone has taken most of a second, so two go first, one to each process, and are shown apart.
      const latencies: number[] = [];
      const roundTrips: number[] = [];
      for (let i = 0; i < 8; i++) {
        const sent = performance.now();
        const reply = await mail(sender, watcher.name, `live ${i}`);
        expect(reply.status, reply.text).toBe(201);
        const heard = await stream.next('message_received', sent, 5000);
        latencies.push(heard.wallAt - Date.parse((JSON.parse(reply.text) as { message: { sentAt: string } }).message.sentAt));
        roundTrips.push(heard.at - sent);
      }
      const shown = (list: number[]) => list.map((ms) => ms.toFixed(0)).join(', ');
      console.log(
        `nginx-proxy: stream open to ready ${(ready.at - opening).toFixed(1)} ms; mail taken to event heard through nginx, ms: ` +
          `${shown(latencies.slice(2))} (the first two, cold: ${shown(latencies.slice(0, 2))}; from the request's start: ${shown(roundTrips)})`,
      );
      expect(Math.max(...latencies.slice(2))).toBeLessThan(1000);
    } finally {
      await stream.close();
    }
  });

  it("counts sign-in tries per client address, not the proxy's, whatever X-Forwarded-For the client writes", async () => {
    const login = (address: string, i: number) =>
      call('POST', '/api/auth/login', { localAddress: address, headers: { 'x-forwarded-for': `203.0.113.${i % 250}` }, body: { email: `nobody${i}@example.com`, password: 'Wrong#password1' } });
    for (let i = 0; i < AUTH_LIMIT; i++) expect((await login('127.0.0.2', i)).status).toBe(401);
    const refused = await login('127.0.0.2', AUTH_LIMIT);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text).error).toMatch(/Too many attempts/);
    // Another player behind the same proxy is not refused: the count is the client's address, shared by both processes.
    expect((await login('127.0.0.3', 0)).status).toBe(401);
    const counted = await database.db.select().from(rateLimits).where(like(rateLimits.key, 'address:%'));
    const hits = Object.fromEntries(counted.map((row) => [row.key, row.hits]));
    expect(hits['address:127.0.0.2']).toBe(AUTH_LIMIT + 1);
    expect(hits['address:127.0.0.3']).toBe(1);
    expect(Object.keys(hits).filter((key) => key.includes('203.0.113'))).toEqual([]);
  });

  it('loses no request when a process is stopped under load: nginx passes what it refused to the other', async () => {
    const recipient = await register('proxyinbox');
    const senders = [];
    for (let i = 0; i < 10; i++) senders.push(await register(`proxyload${i}`));
    // A stream held open through the stop (on either process): it must not hold the stopping process up.
    const stream = new EventStreamReader(`${nginx.origin}/api/events`, recipient.token, { ca: nginx.ca });
    await stream.next('ready', 0, 2000);

    const failures: string[] = [];
    const acknowledged: string[] = [];
    let answered = 0;
    let stoppedAt = Infinity;
    const victim = servers[0];
    const load = senders.map(async (sender, s) => {
      // Each sender: a read, a mail (at most eight: the mail limit is ten in ten minutes), a read, ... until the
      // stopped process has been gone for a second.
      for (let i = 0; performance.now() < stoppedAt + 1000; i++) {
        try {
          const write = i % 3 === 1 && i < 24;
          const subject = `load ${s}-${i}`;
          const reply = write ? await mail(sender, recipient.name, subject) : await call('GET', '/api/messages/unread', { token: sender.token });
          answered += 1;
          if (reply.status !== (write ? 201 : 200)) failures.push(`${write ? 'POST' : 'GET'} ${reply.status} ${reply.text.slice(0, 120)}`);
          else if (write) acknowledged.push(subject);
        } catch (error) {
          failures.push(`no answer: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    });
    // The stop comes once requests flow (connections open, every sender busy), not after a fixed time.
    while (answered < 60 && failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const beforeStop = answered;
    const signalled = performance.now();
    victim.run.child.kill('SIGTERM');
    const code = await victim.run.exited;
    stoppedAt = performance.now();
    await Promise.all(load);
    await stream.close().catch(() => {});
    console.log(
      `nginx-proxy: ${answered} requests (${beforeStop} before the stop), ${acknowledged.length} mails; the stopped process exited ${code} after ${(stoppedAt - signalled).toFixed(0)} ms`,
    );
    if (failures.length > 0) console.log(nginx.errorLog().split('\n').filter((line) => /upstream|\[error\]|\[warn\]/.test(line)).join('\n'));
    expect(failures, failures.join('; ')).toEqual([]);
    expect(code).toBe(0);
    expect(answered).toBeGreaterThan(beforeStop);
    // Every acknowledged mail is stored exactly once: nothing lost, nothing passed on and carried out twice.
    const stored = await database.db.select({ subject: messages.subject }).from(messages).where(like(messages.subject, 'load %'));
    expect(stored.map((row) => row.subject).sort()).toEqual([...acknowledged].sort());
    // nginx found the stopping process gone (its connections refused, or one it had taken reset as it closed: which of the
    // two nginx meets first is timing, and after it nginx leaves that process alone) and passed those requests to the other.
    expect(nginx.errorLog()).toMatch(new RegExp(`(connect\\(\\) failed \\(111: Connection refused\\)|recv\\(\\) failed \\(104: Connection reset by peer\\)).*127\\.0\\.0\\.1:${victim.port}`));

    // The browser's stream, on either process before, is open again on the survivor and hears what happens next.
    const after = new EventStreamReader(`${nginx.origin}/api/events`, recipient.token, { ca: nginx.ca });
    try {
      await after.next('ready', 0, 2000);
      const sent = performance.now();
      expect((await mail(senders[0], recipient.name, 'after the stop')).status).toBe(201);
      await after.next('message_received', sent, 1000);
    } finally {
      await after.close();
    }
    expect(await database.db.select().from(messages).where(eq(messages.subject, 'after the stop'))).toHaveLength(1);
  });
});
