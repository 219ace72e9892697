// Finds Debian's Chromium; Playwright never downloads a browser here.
import { existsSync } from 'node:fs';

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error('Chromium not found: run `apt-get install -y chromium` (or set CHROMIUM_PATH).');
  return found;
}
