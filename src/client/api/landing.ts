// The static landing page's two calls, made with fetch itself: the page's script carries no openapi-fetch (nor React), so
// it stays a few KiB (bench:client holds the landing page under 70 KiB of JavaScript).

/** `GET /api/public/figures`: the game's figures the landing page shows (contracts.md's public figures). */
export interface PublicFigures {
  players: number;
  alliances: number;
  worlds: number;
  battles: number;
}

const FIGURE_NAMES = ['players', 'alliances', 'worlds', 'battles'] as const;

/** Reads a reply's body to its end: Chromium counts a request whose body nobody read as still loading (never idle). */
async function drain(response: Response): Promise<void> {
  await response.arrayBuffer().catch(() => undefined);
}

function isPublicFigures(body: unknown): body is PublicFigures {
  if (typeof body !== 'object' || body === null) return false;
  const record: Record<string, unknown> = { ...body };
  return FIGURE_NAMES.every((name) => Number.isSafeInteger(record[name]) && Number(record[name]) >= 0);
}

/** The figures, or a rejection when the server cannot say (no such endpoint yet, an error, a reply of another shape). */
export async function fetchPublicFigures(): Promise<PublicFigures> {
  const response = await fetch('/api/public/figures', { headers: { accept: 'application/json' } });
  if (!response.ok) {
    await drain(response);
    throw new Error(`GET /api/public/figures answered ${response.status}`);
  }
  const body: unknown = await response.json();
  if (!isPublicFigures(body)) throw new Error('GET /api/public/figures answered figures of another shape');
  return body;
}

/**
 * What the server says of a stored session token (`GET /api/auth/me`): accepted, rejected (401 or 403) or not known
 * (unreachable, or an error of its own), as the app's startup check (app/verifySession.ts) tells them apart.
 */
export async function askSession(token: string): Promise<'accepted' | 'rejected' | 'unknown'> {
  try {
    const response = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    await drain(response);
    if (response.ok) return 'accepted';
    return response.status === 401 || response.status === 403 ? 'rejected' : 'unknown';
  } catch {
    return 'unknown';
  }
}
