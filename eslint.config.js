// Lint: typescript-eslint plus the import boundaries of DESIGN.md ("who may touch what").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const pixi = ['pixi.js', 'pixi.js/*', '@pixi/*', 'pixi-viewport'];
const server = ['**/server/**', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*', 'pg', 'fastify', '@fastify/*', '@node-rs/*'];
const client = ['**/client/**', 'react', 'react-dom', 'react-dom/*', 'react-router', 'jotai', 'jotai/*', 'openapi-fetch'];

/** Builds a no-restricted-imports rule from groups of banned patterns, each with the reason shown to the developer. */
function ban(...groups) {
  return ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }];
}

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'src/contract/schema.d.ts', 'test-results/**', 'playwright-report/**', 'data/**', 'src/server/db/migrations/**'] },
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
  // Pure rules: no app, database, React, Pixi or network.
  {
    files: ['src/rules/**/*.ts'],
    rules: {
      'no-restricted-imports': ban(
        [['**/server/**', '**/client/**'], 'src/rules is pure: it must not import the app.'],
        [[...pixi, ...server.slice(1), ...client.slice(1), 'node:*', 'fs', 'http', 'net'], 'src/rules is pure: no I/O, framework or rendering imports.'],
      ),
    },
  },
  // Server never reaches into the client, React or Pixi.
  {
    files: ['src/server/**/*.ts', 'tests/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ban([[...client, ...pixi], 'The server must not import client code, React or Pixi.']),
    },
  },
  // Routes are thin: no transactions, no rules, no database.
  {
    files: ['src/server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': ban(
        [[...client, ...pixi], 'The server must not import client code, React or Pixi.'],
        [['**/rules/**', '**/rules', 'drizzle-orm', 'drizzle-orm/*', '**/db/**'], 'Routes parse and shape replies; rules and storage belong in services.'],
      ),
    },
  },
  // Services never read HTTP objects.
  {
    files: ['src/server/services/**/*.ts'],
    rules: {
      'no-restricted-imports': ban(
        [[...client, ...pixi], 'The server must not import client code, React or Pixi.'],
        [['fastify', '@fastify/*', '**/routes/**'], 'Services never read HTTP objects: routes pass plain values in.'],
      ),
    },
  },
  // Client: no server code; Pixi only in client/map; openapi-fetch only in client/api; fetch only in client/api.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/map/**', 'src/client/api/**'],
    rules: {
      'no-restricted-imports': ban(
        [server, 'The client must not import server code.'],
        [pixi, 'Only src/client/map may import PixiJS.'],
        [['openapi-fetch'], 'Only src/client/api talks to the network.'],
      ),
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Call the typed client in src/client/api instead.' }],
    },
  },
  {
    files: ['src/client/map/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ban(
        [server, 'The client must not import server code.'],
        [['openapi-fetch', '**/api/**', '**/features/**'], 'The map draws atoms and reports gestures; it never fetches or imports features.'],
      ),
      'no-restricted-globals': ['error', { name: 'fetch', message: 'The map never fetches.' }],
    },
  },
  {
    files: ['src/client/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ban([server, 'The client must not import server code.'], [pixi, 'Only src/client/map may import PixiJS.']),
    },
  },
  // Features never import each other; composition happens in client/app. HUD never touches Pixi.
  ...['auth', 'village', 'map-panel', 'tutorial', 'quests', 'alliance', 'heroes', 'wonders', 'army', 'reports', 'admin', 'gamemaster', 'shell', 'worlds', 'designer', 'landing'].map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ban(
        [server, 'The client must not import server code.'],
        [pixi, 'HUD components never touch Pixi objects.'],
        [['openapi-fetch'], 'Only src/client/api talks to the network.'],
        [[`**/features/!(${feature})/**`], 'Features never import each other; compose them in src/client/app.'],
      ),
    },
  })),
);
