// Finds Debian's Chromium for the headless browser tests and benchmarks; Playwright never downloads a browser here.
import { existsSync } from 'node:fs';

/** The flags every test browser starts with: nothing reaches out to the network or updates itself. */
export const CHROMIUM_ARGS = ['--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

function firstOf(candidates: (string | undefined)[]): string {
  const found = (candidates.filter(Boolean) as string[]).find((path) => existsSync(path));
  if (!found) throw new Error('Chromium not found: run `apt-get install -y chromium chromium-headless-shell` (or set CHROMIUM_PATH).');
  return found;
}

/**
 * Debian's headless shell first (package chromium-headless-shell, the build Playwright itself uses for headless runs):
 * the browser tests cost about 15% less CPU in it than in the full browser run headless, on a machine where they are
 * half of CI's work. The full browser serves when the shell is not installed.
 */
export function chromiumPath(): string {
  return firstOf([process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser']);
}

/** The full browser, for what the shell lacks: a service worker's notifications (alerts.spec.ts). */
export function fullChromiumPath(): string {
  return firstOf([process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']);
}
