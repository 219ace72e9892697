// Lint: typescript-eslint, React hooks, and the import boundaries between the app's folders ("who may touch what").
//
// Boundaries are checked on resolved file paths, not on import strings: eslint-plugin-boundaries sorts
// every file into a zone by its folder, and a resolver turns `../village/model`, `./atlas-data.ts`
// or `../../contract` into the file it names. The zones:
//   client/feature  src/client/features/<name>: every folder is its own zone, so a feature may import only
//                   itself; new feature folders are covered without editing this file.
//   client/app      src/client/app: routes and composition, the one place features meet.
//   client/api      src/client/api: the only code that talks to the network (openapi-fetch, fetch).
//   client/state    src/client/state: jotai atoms.  client/ui: shared widgets.  client/map: the PixiJS map.
//   client/entry    the rest of src/client (main.tsx).
//   rules           src/rules: pure game rules.   contract: src/contract, HTTP types shared by both sides.
//   server/services a domain folder (src/server/village, army, map, ...): its route files (routes.ts, <tag>-routes.ts:
//                   handlers by operationId) and its services (load, settle, apply a rule, write); the two are kept
//                   apart by file name with no-restricted-imports, below.
//   server/http     the Fastify plugins app.ts composes (sign-in limits, ...).
//   server/db, server/core (the files directly in src/server: app, config, the contract's registration).   tests/api.
// Each policy below is a ban with the reason shown to the developer. The last policy matching an import
// decides (so each `allow` follows the ban it excepts), and one import gets one report. The network
// globals are banned with core rules because they are not imports. tests/lint proves every ban fires.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** A folder zone, matched from the repository root. */
const zone = (type, pattern, capture) => ({ type, pattern, partialMatch: false, ...(capture ? { capture } : {}) });

// First match wins, so each catch-all comes after the folders inside it.
const zones = [
  zone('client/feature', 'src/client/features/*', ['feature']),
  zone('client/app', 'src/client/app'),
  zone('client/api', 'src/client/api'),
  zone('client/state', 'src/client/state'),
  zone('client/ui', 'src/client/ui'),
  zone('client/map', 'src/client/map'),
  zone('client/entry', 'src/client'),
  zone('rules', 'src/rules'),
  zone('contract', 'src/contract'),
  zone('server/db', 'src/server/db'),
  zone('server/http', 'src/server/http'),
  zone('server/services', 'src/server/*', ['domain']),
  zone('server/core', 'src/server'),
  zone('tests/api', 'tests/api'),
];

const pixi = ['pixi.js', '@pixi/*', 'pixi-viewport'];
const browserFrameworks = ['react', 'react-dom', 'react-router', 'jotai', 'openapi-fetch', ...pixi];
const serverPackages = ['fastify', '@fastify/*', 'drizzle-orm', 'pg', '@electric-sql/*', '@node-rs/*'];

const toZone = (type) => ({ to: { element: { type } } });
const toPackage = (source) => ({ to: { module: { origin: 'external', source } } });
const fromZone = (type) => ({ element: { type } });

const boundaryPolicies = [
  {
    from: fromZone('client/feature'),
    disallow: toZone('client/feature'),
    message:
      'Features never import each other: features/{{from.element.captured.feature}} imports features/{{to.element.captured.feature}}. Compose them in src/client/app, or move the shared part to src/client/ui, state or rules.',
  },
  {
    disallow: toPackage(pixi),
    message: 'Only src/client/map may import PixiJS ({{to.module.source}}): HUD and pages draw with React and read the map through atoms.',
  },
  { from: fromZone('client/map'), allow: toPackage(pixi) },
  {
    disallow: toPackage('openapi-fetch'),
    message: 'Only src/client/api talks to the network: call its typed helpers instead of openapi-fetch.',
  },
  { from: fromZone('client/api'), allow: toPackage('openapi-fetch') },
  {
    from: fromZone('rules'),
    disallow: [toZone(['client/*', 'server/*', 'tests/*']), { to: { module: { origin: 'core' } } }, toPackage([...browserFrameworks, ...serverPackages])],
    message: 'src/rules is pure: no app code, I/O (node:*, fs, net, http), framework or rendering imports, so server and client run the same rules.',
  },
  {
    from: fromZone(['server/*', 'tests/api']),
    disallow: [toZone('client/*'), toPackage(browserFrameworks)],
    message: 'The server (and its API tests) must not import client code, React or Pixi: only src/contract is shared.',
  },
  {
    from: fromZone('client/*'),
    disallow: [toZone('server/*'), toPackage(serverPackages)],
    message: 'The client must not import server code: it reaches the server through src/client/api and shares only src/contract.',
  },
  {
    from: fromZone('client/api'),
    disallow: toZone('client/*'),
    message:
      'src/client/api is the bottom of the client and imports no other client folder (here {{to.element.type}}): src/client/app hands it the session with configureApi.',
  },
  {
    from: fromZone('client/map'),
    disallow: toZone(['client/feature', 'client/api']),
    message: 'The map draws atoms and reports gestures; it never fetches or imports features.',
  },
  {
    from: fromZone('contract'),
    disallow: [{ to: { element: { isUnknown: false } } }, { to: { module: { origin: ['external', 'core'] } } }],
    message: 'src/contract holds only the types generated from openapi.yaml: it imports nothing else.',
  },
  {
    disallow: { to: { element: { type: 'contract' } }, dependency: { kind: 'value' } },
    message: 'src/contract is types only: import it with `import type`.',
  },
];

const routeFiles = 'src/server/*/*routes.ts';
const servicesMessage = 'Services never read HTTP objects: routes pass plain values in.';
const routesMessage = 'Routes parse and shape replies; rules and storage belong in services.';

// The network from the browser: every way of opening a connection except through src/client/api.
const networkGlobals = ['fetch', 'XMLHttpRequest', 'EventSource', 'WebSocket'];
const networkMessage = 'Only src/client/api talks to the network: call its typed helpers instead.';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-test/**',
      'build/**',
      'node_modules/**',
      'src/contract/schema.d.ts',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': zones,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/legacy-templates': false,
      // Imports are written as TypeScript's bundler resolution reads them: extensionless or with
      // .ts/.tsx, folders through index.ts. The node resolver with these extensions finds the same files
      // and needs no native binary (eslint-import-resolver-typescript's per-platform binaries are not all
      // on the registry this project installs from, so `npm ci` refused its lock file).
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies: boundaryPolicies }],
    },
  },
  // A domain folder holds its route files and its services side by side, so the two layer rules of the server go by file
  // name (boundaries zones are folders): a route file is `routes.ts` or `<tag>-routes.ts`.
  {
    files: ['src/server/*/*.ts'],
    ignores: [routeFiles, 'src/server/db/**', 'src/server/http/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['fastify', '@fastify/*', '**/routes', '**/*-routes', './routes', './*-routes'], message: servicesMessage }] }],
    },
  },
  {
    files: [routeFiles],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['drizzle-orm', '**/rules/*', '**/db/*'], message: routesMessage }] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/api/**'],
    rules: {
      'no-restricted-globals': ['error', ...networkGlobals.map((name) => ({ name, message: networkMessage }))],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) => networkGlobals.map((property) => ({ object, property, message: networkMessage }))),
        { object: 'navigator', property: 'sendBeacon', message: networkMessage },
      ],
    },
  },
);
