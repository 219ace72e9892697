// Finds Debian's Chromium for the headless browser tests and benchmarks; Playwright never downloads a browser here.
import { existsSync } from 'node:fs';

/**
 * Debian's headless shell first (package chromium-headless-shell, the build Playwright itself uses for headless runs):
 * the browser tests cost about 15% less CPU in it than in the full browser run headless, on a machine where they are
 * half of CI's work. The full browser serves when the shell is not installed.
 */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error('Chromium not found: run `apt-get install -y chromium-headless-shell` (or chromium, or set CHROMIUM_PATH).');
  return found;
}
