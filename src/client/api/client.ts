// The typed HTTP client: the one place in the client that talks to the network (bearer token in, 401 out).
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../contract';

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

/**
 * What the client needs from the signed-in session. src/client/app hands it over at start
 * (configureApi), so this folder never imports the session atoms that themselves call the API.
 */
export interface ApiSession {
  /** The bearer token to send, or null when signed out; asked on every call. */
  getToken(): string | null;
  /** Told of every 401 reply, with the token that request carried (null for none), before the caller sees its ApiFailure. */
  onUnauthorized(sentToken: string | null): void;
}

/** Until configured the client is anonymous and a 401 is only the caller's ApiFailure. */
const anonymous: ApiSession = { getToken: () => null, onUnauthorized: () => undefined };
let session: ApiSession = anonymous;

/** Connects the client to a session; the returned function disconnects it again (tests use it). */
export function configureApi(next: ApiSession): () => void {
  session = next;
  return () => {
    if (session === next) session = anonymous;
  };
}

const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = session.getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 401) session.onUnauthorized(/^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? null);
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
