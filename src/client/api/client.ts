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

/** The values a coded server error was built from (`params`), as text or numbers. */
export type ErrorParams = Readonly<Record<string, string | number>>;

/** The player's-language text of a coded server error, or null when the language has no text for the code. */
export type ErrorTranslation = (code: string, params: ErrorParams) => string | null;

/** Until the languages start (src/client/i18n hands its translation over), every error shows the server's English. */
let translateError: ErrorTranslation = () => null;

/** Connects the client to the player's language; the returned function disconnects it again (tests use it). */
export function configureErrorTranslation(next: ErrorTranslation): () => void {
  translateError = next;
  return () => {
    if (translateError === next) translateError = () => null;
  };
}

function isErrorParams(value: unknown): value is ErrorParams {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))
  );
}

/** The reply's `code` and `params` (every error reply carries a code; read defensively, as an older server sent none). */
function codedMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('code' in body)) return undefined;
  const { code } = body;
  if (typeof code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(code)) return undefined;
  const params = 'params' in body && isErrorParams(body.params) ? body.params : {};
  return translateError(code, params) ?? undefined;
}

/**
 * The message to show for a failed call: the server's coded error in the player's language when that language has its
 * code, else the server's `error` field, else the fallback. Network failures (a thrown TypeError) get the fallback
 * too, as SPEC section 8 asks.
 */
export function apiError(error: unknown, fallback: string): string {
  const body = error instanceof ApiFailure ? error.body : error;
  return codedMessage(body) ?? serverMessage(body) ?? fallback;
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
