// The typed HTTP client: the one place in the client that talks to the network (bearer token in, 401 out).
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../contract';
import { authStatusAtom, sessionStore, signOutAtom, tokenAtom } from '../state/session';

export type User = components['schemas']['User'];
export type AuthResponse = components['schemas']['AuthResponse'];
export type ApiErrorBody = components['schemas']['Error'];

/** A non-2xx reply, thrown by the helpers so callers can use try/catch and `apiError`. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(serverMessage(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiFailure';
    this.status = status;
    this.body = body;
  }
}

function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    const message = (body as { error: unknown }).error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/**
 * The message to show for a failed call: the server's `error` field when it sent one, else the
 * fallback. Network failures (a thrown TypeError) get the fallback too, as SPEC section 8 asks.
 */
export function apiError(error: unknown, fallback: string): string {
  if (error instanceof ApiFailure) return serverMessage(error.body) ?? fallback;
  return serverMessage(error) ?? fallback;
}

/** Where the browser goes when any call answers 401. app/ replaces the default with a router navigation. */
let unauthorizedHandler: () => void = () => window.location.assign('/login');

export function setUnauthorizedHandler(handler: () => void): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = () => window.location.assign('/login');
  };
}

/** Pages that sort out a failed sign-in themselves (the login form, the Discord return page with its 3 s message). */
function handlesOwnAuthFailure(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/auth/');
}

const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = sessionStore.get(tokenAtom);
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ response }) {
    if (response.status !== 401) return undefined;
    // A 401 during the startup check only drops the stale token: the route guards then decide,
    // so a visitor with an old token can still see the public landing page.
    const verifyingStoredToken = sessionStore.get(authStatusAtom) === 'loading';
    sessionStore.set(signOutAtom);
    const here = typeof window === 'undefined' ? '/login' : window.location.pathname;
    if (!verifyingStoredToken && !handlesOwnAuthFailure(here)) unauthorizedHandler();
    return undefined;
  },
};

export const api = createClient<paths>({
  baseUrl: '',
  // Looked up per call rather than captured at start, so tests can stub the global fetch.
  fetch: (request) => globalThis.fetch(request),
});
api.use(authMiddleware);

/** Turns openapi-fetch's `{ data, error, response }` into the data, throwing ApiFailure on a non-2xx status. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiFailure(response.status, error);
  return data as T;
}
