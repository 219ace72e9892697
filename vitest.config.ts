// Four test projects: fast unit tests beside the code and the client's components (each file apart), API tests through buildApp on a fresh PGlite per file, and the compiled server as a process.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** What the unit and component projects share: the client's languages and testing-library's waits, and a timeout
 * above vitest's 5 s (the lint and contract checks read hundreds of files, and CI runs these beside the browser and
 * database tests on two cores). */
const CLIENT_TESTS = {
  testTimeout: 20_000,
  environment: 'node',
  setupFiles: ['src/client/i18n/test-setup.ts', 'src/client/test/waits-setup.ts'],
};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          ...CLIENT_TESTS,
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/lint/**/*.test.ts', 'tests/budget/**/*.test.ts', 'tests/vite-plugins/**/*.test.ts'],
          // Rules, checks and client modules without a page: file after file in one module graph, which took 118 s -> 47 s
          // here (the setup, the languages and the imports once per worker, not once per file). None of them keeps
          // state between files; the component tests below do (a page's atoms, a prerender's i18next) and stay apart.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          ...CLIENT_TESTS,
          name: 'components',
          include: ['src/**/*.test.tsx'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Generous: CI runs these beside the browser tests and the PostgreSQL run on two cores, where a file's proof world
          // (dozens of players, each an argon2 hash) took over a minute to build and a test that opens a second database
          // over 30 s. A test that hangs still fails; one that is merely slow there does not.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // PGlite is single-connection and heavy to open: one per file, files in parallel processes.
          pool: 'forks',
          // Each worker process runs file after file: the server's modules load once and the database engine's
          // WebAssembly is compiled once per process, not once per file (about a quarter of the API tests' time).
          // Every file builds its own app and database (harness.ts), so no state crosses files but a module's own.
          isolate: false,
        },
      },
      {
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/process/global-setup.ts'],
          // Servers started on a two-core CI machine beside the browser tests and the PostgreSQL run: a first start
          // (initdb, migrations, the default world) took over a minute there, 10 s here alone (waitForHealth: 120 s).
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
