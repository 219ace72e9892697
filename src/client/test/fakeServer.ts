// The one fake server of the client tests: `fetch` is replaced by a router that answers by method and path from the
// handlers a test gives it, and records every call with its parsed body. Unknown routes answer 404 (and are recorded).
import { afterEach, beforeEach, vi } from 'vitest';

/** One call the client made, as the fake server received it. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, parsed (undefined without one). */
  body: unknown;
  /** Path parameters named in the route (`:villageId`). */
  params: Record<string, string>;
  /** The request itself as the client sent it (its body unread: the fake server reads a copy). */
  request: Request;
}

/**
 * What a handler gives back: a Response as it is, undefined to leave the call to the next route that matches, or any
 * other value as a 200 JSON reply. A handler that throws makes `fetch` reject, as a network failure does.
 */
export type FakeHandler = (call: FakeCall) => unknown;

/** A fixed JSON body a route always answers. */
export type FakeValue = Record<string, unknown> | unknown[] | null;

/** A JSON reply with a status (`reply(409, { error: 'Not enough resources' })`). */
export function reply(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: body === undefined ? {} : { 'Content-Type': 'application/json' } });
}

function parseJson(text: string): unknown {
  return JSON.parse(text);
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: FakeHandler;
}

/** 'GET /api/villages/:villageId/units' (or '* /api/*': any method, any rest) as a method and a path pattern. */
function compile(route: string, handler: FakeHandler): Route {
  const [method, path] = route.trim().split(/\s+/, 2);
  if (!method || !path) throw new Error(`A route is 'METHOD /path', not '${route}'`);
  const names: string[] = [];
  const source = path
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/:(\w+)/g, (_match, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  return { method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), names, handler };
}

export class FakeServer {
  private routes: Route[] = [];
  readonly calls: FakeCall[] = [];
  /** The stand-in for the global fetch. */
  readonly fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    this.answer(input instanceof Request && init === undefined ? input : new Request(input, init)),
  );

  /**
   * Answers `route` ('GET /api/heroes', 'POST /api/quests/:questId/start', '* /api/*' for any method and path) with
   * `handler`, or with a fixed value. A route given later is asked first; it may pass a call on by answering undefined.
   */
  on(route: string, handler: FakeHandler | Response | FakeValue): this {
    const answer: FakeHandler = typeof handler === 'function' ? handler : () => (handler instanceof Response ? handler.clone() : handler);
    this.routes.unshift(compile(route, answer));
    return this;
  }

  /** Several routes at once: `{ 'GET /api/villages': { villages: [] } }`. */
  routesFrom(routes: Record<string, FakeHandler | Response | FakeValue>): this {
    for (const [route, handler] of Object.entries(routes)) this.on(route, handler);
    return this;
  }

  /** The calls of one method and path (the path without its query). */
  requests(method: string, path: string): FakeCall[] {
    return this.calls.filter((call) => call.method === method.toUpperCase() && call.path === path);
  }

  /** 'GET /api/villages' for every call so far, in order. */
  paths(): string[] {
    return this.calls.map((call) => `${call.method} ${call.path}`);
  }

  /** Forgets the routes and the calls. */
  reset(): void {
    this.routes = [];
    this.calls.length = 0;
    this.fetch.mockClear();
  }

  private async answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = await request.clone().text();
    const call: FakeCall = { method: request.method, path: url.pathname, query: url.searchParams, body: text ? parseJson(text) : undefined, params: {}, request };
    this.calls.push(call);
    for (const route of this.routes) {
      if (route.method !== '*' && route.method !== call.method) continue;
      const match = route.pattern.exec(call.path);
      if (!match) continue;
      call.params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
      const result = await route.handler(call);
      if (result === undefined) continue;
      return result instanceof Response ? result : reply(200, result);
    }
    return reply(404, { error: `No fake route for ${call.method} ${call.path}` });
  }
}

/**
 * A fake server for the tests of one file: it replaces `fetch` before each test, forgetting the last test's routes
 * and calls, and gives `fetch` back after it.
 */
export function setupFakeServer(): FakeServer {
  const server = new FakeServer();
  beforeEach(() => {
    server.reset();
    vi.stubGlobal('fetch', server.fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return server;
}
