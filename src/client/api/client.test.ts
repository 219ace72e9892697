// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, apiError, configureApi, configureErrorTranslation, type ErrorParams } from './client';
import { fetchMe, login } from './auth';

const USER = { id: 'u1', username: 'Floki', email: 'f@x.no', role: 'user' as const, discordAvatar: null, createdAt: '' };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

/** The session the client is handed; each test sets the token it wants. */
let token: string | null = null;
const onUnauthorized = vi.fn<() => void>();
let disconnect: () => void = () => undefined;

beforeEach(() => {
  token = null;
  onUnauthorized.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  disconnect = configureApi({ getToken: () => token, onUnauthorized });
});
afterEach(() => {
  disconnect();
  vi.unstubAllGlobals();
});

describe('apiError', () => {
  it('prefers the server error field', () => {
    expect(apiError(new ApiFailure(401, { error: 'Invalid email or password' }), 'fallback')).toBe('Invalid email or password');
    expect(apiError({ error: 'Alliance tag taken' }, 'fallback')).toBe('Alliance tag taken');
  });

  it('falls back for network failures and bodies without a message', () => {
    expect(apiError(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(apiError(new ApiFailure(500, 'Internal'), 'fallback')).toBe('fallback');
    expect(apiError(new ApiFailure(400, { error: '' }), 'fallback')).toBe('fallback');
    expect(apiError(undefined, 'fallback')).toBe('fallback');
  });
});

describe('apiError with a coded reply', () => {
  const texts: Record<string, string> = { not_enough_resources: 'Nicht genug {{resource}}' };
  const translate = (code: string, params: ErrorParams) => texts[code]?.replace('{{resource}}', String(params.resource ?? '')) ?? null;
  let undo: () => void = () => undefined;
  beforeEach(() => {
    undo = configureErrorTranslation(translate);
  });
  afterEach(() => undo());

  it("shows the player's language when it has the code, with the reply's params", () => {
    const body = { error: 'Not enough timber', code: 'not_enough_resources', params: { resource: 'Holz' } };
    expect(apiError(new ApiFailure(409, body), 'fallback')).toBe('Nicht genug Holz');
  });

  it("shows the server's English for a code the language lacks, a missing code, or a code that is not one", () => {
    expect(apiError(new ApiFailure(409, { error: 'Tag taken', code: 'tag_taken' }), 'fallback')).toBe('Tag taken');
    expect(apiError(new ApiFailure(409, { error: 'Tag taken' }), 'fallback')).toBe('Tag taken');
    expect(apiError(new ApiFailure(409, { error: 'Tag taken', code: 42 }), 'fallback')).toBe('Tag taken');
    expect(apiError(new ApiFailure(409, { error: 'Tag taken', code: 'Not a code!' }), 'fallback')).toBe('Tag taken');
  });

  it('reads params defensively: anything but an object of texts and numbers counts as none', () => {
    const body = { error: 'Not enough timber', code: 'not_enough_resources', params: { resource: { nested: true } } };
    expect(apiError(new ApiFailure(409, body), 'fallback')).toBe('Nicht genug ');
  });

  it('shows English again once disconnected', () => {
    undo();
    expect(apiError(new ApiFailure(409, { error: 'Not enough timber', code: 'not_enough_resources' }), 'fallback')).toBe('Not enough timber');
  });
});

describe('the typed client', () => {
  it('sends the token it is given as a bearer header, asking for it on every call', async () => {
    fetchMock.mockImplementation(async () => json(200, { user: USER }));
    token = 'secret';
    await expect(fetchMe()).resolves.toEqual(USER);
    token = 'renewed';
    await fetchMe();
    const [first, second] = fetchMock.mock.calls.map(([request]) => request);
    expect(first.headers.get('Authorization')).toBe('Bearer secret');
    expect(second.headers.get('Authorization')).toBe('Bearer renewed');
    expect(new URL(first.url).pathname).toBe('/api/auth/me');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(json(200, { user: USER, token: 'new' }));
    await login({ email: 'f@x.no', password: 'pw' });
    const request = fetchMock.mock.calls[0][0];
    expect(request.headers.get('Authorization')).toBeNull();
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({ email: 'f@x.no', password: 'pw' });
  });

  it('throws ApiFailure carrying the server message', async () => {
    fetchMock.mockResolvedValue(json(429, { error: 'Too many attempts' }));
    const failure = await login({ email: 'a@b.c', password: 'x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).status).toBe(429);
    expect(apiError(failure, 'fallback')).toBe('Too many attempts');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('tells the session of a 401 once, and still throws ApiFailure', async () => {
    token = 'old';
    fetchMock.mockResolvedValue(json(401, { error: 'Session expired' }));
    const failure = await fetchMe().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('is anonymous again once disconnected', async () => {
    token = 'secret';
    disconnect();
    fetchMock.mockResolvedValue(json(401, { error: 'Missing token' }));
    await expect(fetchMe()).rejects.toBeInstanceOf(ApiFailure);
    expect(fetchMock.mock.calls[0][0].headers.get('Authorization')).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
