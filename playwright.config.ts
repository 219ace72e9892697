// End-to-end tests: the real built client and server on 127.0.0.1, a fresh embedded database, Debian's Chromium.
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/support/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);
const oauthPort = Number(process.env.OAUTH_PORT ?? 3998);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'vikings-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers, one spec file at a time each: most specs wait on game time (armies marching), so the second worker
  // fills the waits. A spec's extra servers take ports of their worker's own (support/server.ts extraPort).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      command: 'npx tsx tests/support/oauth-provider-main.ts',
      url: `http://127.0.0.1:${oauthPort}/health`,
      reuseExistingServer: false,
      env: { OAUTH_PORT: String(oauthPort) },
    },
    {
      // The compiled server of `npm run build` (test:e2e builds first), as `npm start` runs it.
      command: 'node build/server/main.mjs',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        // The test build (vite build --mode test): the production client plus window.__vikingsMap.
        STATIC_DIR: 'dist-test',
        LOG_LEVEL: 'warn',
        // Every spec registers its players from 127.0.0.1: the limit of 3 a day per address would refuse most of them.
        REGISTRATIONS_PER_ADDRESS: '1000000',
        DISCORD_CLIENT_ID: 'test-client',
        DISCORD_CLIENT_SECRET: 'e2e-secret',
        DISCORD_REDIRECT_URI: `http://127.0.0.1:${port}/api/auth/discord/callback`,
        DISCORD_API_BASE: `http://127.0.0.1:${oauthPort}`,
      },
    },
  ],
});
