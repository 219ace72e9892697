// Where to go after signing in: the page the guard remembered in location.state.from, else /dashboard.

/** Accepts the guard's string form and a Location-like object; refuses anything that is not a local path. */
export function afterLoginPath(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? (state as { from: unknown }).from : undefined;
  let target: string | undefined;
  if (typeof from === 'string') target = from;
  else if (from && typeof from === 'object' && 'pathname' in from) {
    const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname === 'string') {
      target = `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
    }
  }
  // Local paths only ('//host' would leave the site), and never back to the sign-in pages themselves.
  if (!target || !target.startsWith('/') || target.startsWith('//')) return '/dashboard';
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/auth/')) return '/dashboard';
  return target;
}
