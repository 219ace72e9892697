// Proves the import boundaries of eslint.config.js fire: bad fixtures are reported with their reason, good ones pass.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const featuresDir = join(root, 'src/client/features');

// Fixtures are linted from memory under a path inside the zone they test, so they never sit in the
// repository for `npm run lint` to trip on; their imports point at real files the resolver must find.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result.messages;
}

/**
 * Lints a bad fixture and groups its messages by line, so each bad line is checked on its own. Bad lines
 * import names they never use; that report is noise here, so it alone is left out.
 */
async function messagesByLine(filePath: string, code: string): Promise<Map<number, string[]>> {
  const byLine = new Map<number, string[]>();
  for (const message of await lint(filePath, code)) {
    if (message.ruleId === '@typescript-eslint/no-unused-vars') continue;
    byLine.set(message.line, [...(byLine.get(message.line) ?? []), message.message]);
  }
  return byLine;
}

/** Each line of `lines` must be reported exactly once, with a message containing `reason`. */
async function expectEveryLineReported(filePath: string, lines: string[], reason: string): Promise<void> {
  const byLine = await messagesByLine(filePath, lines.join('\n'));
  lines.forEach((line, index) => {
    expect(byLine.get(index + 1), `${filePath}: ${line}`).toEqual([expect.stringContaining(reason)]);
  });
}

/** The first source file of a feature folder, as an extensionless import path. */
function someModuleOf(feature: string): string {
  const file = readdirSync(join(featuresDir, feature))
    .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
    .sort()[0];
  expect(file, `features/${feature} has a source file`).toBeDefined();
  return file.replace(/\.tsx?$/, '');
}

const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('features never import each other', () => {
  it('has feature folders to check', () => {
    expect(features.length).toBeGreaterThan(5);
  });

  // Every folder is checked against its neighbour, so a new feature needs no edit anywhere.
  it.each(features.map((feature, i) => [feature, features[(i + 1) % features.length]]))('features/%s may not import features/%s', async (feature, other) => {
    const messages = await lint(`src/client/features/${feature}/Fixture.tsx`, `import '../${other}/${someModuleOf(other)}';\n`);
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringMatching(new RegExp(`^Features never import each other: features/${feature} imports features/${other}\\. Compose them in src/client/app`)),
    ]);
  });

  it('sees through every way of writing the import', async () => {
    await expectEveryLineReported(
      'src/client/features/auth/Fixture.tsx',
      [
        "import { shortfall } from '../village/model';",
        "import { notEnoughMessage } from '../village/model.ts';",
        "import VillagePage from '../village/VillagePage.tsx';",
        "import type { LevelPreview } from '../village/model';",
        "export { greatHallLevel } from '../village/model';",
        "export const lazyMap = () => import('../map-panel/MapPage');",
        "import '../village/village.css';",
        "import { shortfall as fromRoot } from '../../../client/features/village/model';",
      ],
      'Features never import each other',
    );
  });
});

describe('only src/client/map imports PixiJS', () => {
  it('reports pixi.js, @pixi/* and pixi-viewport elsewhere in the client', async () => {
    const lines = ["import { Container } from 'pixi.js';", "import { Application } from '@pixi/react';", "import { Viewport } from 'pixi-viewport';"];
    for (const zone of ['features/village', 'ui', 'app', 'state']) {
      await expectEveryLineReported(`src/client/${zone}/Fixture.tsx`, lines, 'Only src/client/map may import PixiJS');
    }
  });

  // There the zone's own ban is the one reported: one message per import, from the last policy that matches.
  it('reports it on the server and in the rules too, with their own reasons', async () => {
    await expectEveryLineReported('src/server/village/fixture.ts', ["import { Container } from 'pixi.js';"], 'must not import client code, React or Pixi');
    await expectEveryLineReported('src/rules/fixture.ts', ["import { Container } from 'pixi.js';"], 'src/rules is pure');
  });
});

describe('src/rules is pure', () => {
  it('imports nothing from the server, the client, I/O or frameworks', async () => {
    await expectEveryLineReported(
      'src/rules/fixture.ts',
      [
        "import { villages } from '../server/db/schema';",
        "import { tokenAtom } from '../client/state/session';",
        "import { villages as again } from '../server/db/schema.ts';",
        "import { readFileSync } from 'node:fs';",
        "import { writeFileSync } from 'fs';",
        "import { createServer } from 'net';",
        "import http from 'http';",
        "import { useState } from 'react';",
        "import { atom } from 'jotai';",
        "import { eq } from 'drizzle-orm';",
        "import Fastify from 'fastify';",
      ],
      'src/rules is pure',
    );
  });
});

describe('the server never imports the client, React or Pixi', () => {
  it('reports client code and browser frameworks in src/server', async () => {
    await expectEveryLineReported(
      'src/server/village/fixture.ts',
      [
        "import { tokenAtom } from '../../client/state/session';",
        "import { apiError } from '../../client/api/client.ts';",
        "import { useState } from 'react';",
        "import { renderToString } from 'react-dom/server';",
        "import { atom } from 'jotai';",
      ],
      'The server (and its API tests) must not import client code',
    );
  });

  it('reports client code in the API tests', async () => {
    await expectEveryLineReported(
      'tests/api/fixture.test.ts',
      ["import { apiError } from '../../src/client/api/client';", "import { shortfall } from '../../src/client/features/village/model';"],
      'must not import client code',
    );
  });

  it('and the client never imports the server', async () => {
    await expectEveryLineReported(
      'src/client/features/village/Fixture.tsx',
      ["import { villages } from '../../../server/db/schema';", "import { eq } from 'drizzle-orm';", "import Fastify from 'fastify';"],
      'The client must not import server code',
    );
  });
});

describe('only src/client/api calls the network', () => {
  const networkCalls = [
    "export const a = () => fetch('/api/health');",
    "export const b = () => window.fetch('/api/health');",
    "export const c = () => globalThis.fetch('/api/health');",
    'export const d = () => new XMLHttpRequest();',
    "export const e = () => new EventSource('/api/events');",
    "export const f = () => new WebSocket('ws://127.0.0.1/');",
    "export const g = () => new window.WebSocket('ws://127.0.0.1/');",
    "export const h = () => navigator.sendBeacon('/api/log');",
  ];

  it('bans openapi-fetch outside src/client/api', async () => {
    for (const file of ['src/client/features/village/Fixture.ts', 'src/client/state/fixture.ts', 'src/client/app/fixture.ts']) {
      await expectEveryLineReported(file, ["import createClient from 'openapi-fetch';"], 'Only src/client/api talks to the network');
    }
  });

  it('bans fetch and the other network globals elsewhere in the client', async () => {
    for (const file of ['src/client/features/village/Fixture.ts', 'src/client/state/fixture.ts', 'src/client/map/fixture.ts', 'src/client/main-fixture.tsx']) {
      await expectEveryLineReported(file, networkCalls, 'Only src/client/api talks to the network');
    }
  });

  it('allows them in src/client/api', async () => {
    expect(await lint('src/client/api/fixture.ts', ["import createClient from 'openapi-fetch';", 'export const client = createClient;', ...networkCalls].join('\n'))).toEqual([]);
  });
});

describe('src/client/api depends on no other client folder', () => {
  it('reports the session atoms and the rest of the client', async () => {
    await expectEveryLineReported(
      'src/client/api/fixture.ts',
      [
        "import { tokenAtom } from '../state/session';",
        "import { signOutAtom } from '../state/session.ts';",
        "import { verifyStoredSession } from '../app/verifySession';",
        "import { shortfall } from '../features/village/model';",
      ],
      'src/client/api is the bottom of the client',
    );
  });
});

describe('the older layer rules', () => {
  it('keeps rules, storage and drizzle out of routes', async () => {
    await expectEveryLineReported(
      'src/server/village/fixture-routes.ts',
      ["import { BUILDINGS } from '../../rules/buildings';", "import { villages } from '../db/schema';", "import { eq } from 'drizzle-orm';"],
      'Routes parse and shape replies',
    );
  });

  it('keeps fastify and routes out of services', async () => {
    await expectEveryLineReported(
      'src/server/village/fixture.ts',
      ["import Fastify from 'fastify';", "import helmet from '@fastify/helmet';", "import { villageRoutes } from './routes';"],
      'Services never read HTTP objects',
    );
  });

  it('keeps features and the API out of the map', async () => {
    await expectEveryLineReported(
      'src/client/map/fixture.ts',
      ["import { shortfall } from '../features/village/model';", "import { apiError } from '../api/client';"],
      'The map draws atoms and reports gestures',
    );
  });

  it('keeps src/contract types only', async () => {
    await expectEveryLineReported('src/client/features/village/Fixture.ts', ["import { paths } from '../../../contract';"], 'src/contract is types only');
    await expectEveryLineReported(
      'src/contract/fixture.ts',
      ["import type { Resources } from '../rules/resources';", "import { atom } from 'jotai';"],
      'src/contract holds only the types',
    );
  });
});

describe('code inside the boundaries', () => {
  /** Relative imports of a good fixture must name real files, or "no report" would prove nothing. */
  function expectResolvable(filePath: string, code: string): void {
    for (const match of code.matchAll(/from '(\.[^']+)'|import\('(\.[^']+)'\)/g)) {
      const specifier = match[1] ?? match[2];
      const target = resolve(root, dirname(filePath), specifier);
      const candidates = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')];
      expect(candidates.some((candidate) => existsSync(candidate)), `${filePath}: ${specifier}`).toBe(true);
    }
  }

  const good: Array<[string, string[]]> = [
    [
      'src/client/app/fixture.tsx',
      [
        "import { lazy } from 'react';",
        "import VillagePage from '../features/village/VillagePage';",
        "import { shortfall } from '../features/village/model.ts';",
        "export const MapPage = lazy(() => import('../features/map-panel/MapPage'));",
        "import { tokenAtom } from '../state/session';",
        "import { apiError } from '../api/client';",
        'export { VillagePage, shortfall, tokenAtom, apiError };',
      ],
    ],
    [
      'src/client/features/village/Fixture.tsx',
      [
        "import { shortfall } from './model';",
        "import { greatHallLevel } from './model.ts';",
        "import { apiError } from '../../api/client';",
        "import { tokenAtom } from '../../state/session';",
        "import { Spinner } from '../../ui/Spinner';",
        "import { BUILDINGS } from '../../../rules/buildings';",
        "import type { paths } from '../../../contract';",
        "import { useAtomValue } from 'jotai';",
        'export type Paths = paths;',
        'export { shortfall, greatHallLevel, apiError, tokenAtom, Spinner, BUILDINGS, useAtomValue };',
      ],
    ],
    [
      'src/client/map/fixture.ts',
      [
        "import { Container } from 'pixi.js';",
        "import { mapCameraAtom } from '../state/map';",
        "import { chunkKey } from './chunks';",
        "import { DEFAULT_WORLD_SIZE } from '../../rules/world';",
        'export { Container, mapCameraAtom, chunkKey, DEFAULT_WORLD_SIZE };',
      ],
    ],
    [
      'src/client/api/fixture.ts',
      [
        "import createClient from 'openapi-fetch';",
        "import type { paths } from '../../contract';",
        "import { unwrap } from './client';",
        'export const probe = () => fetch("/api/health");',
        'export type Paths = paths;',
        'export { createClient, unwrap };',
      ],
    ],
    [
      'src/server/village/fixture.ts',
      [
        "import { eq } from 'drizzle-orm';",
        "import { villages } from '../db/schema';",
        "import { BUILDINGS } from '../../rules/buildings';",
        "import type { components } from '../../contract';",
        "import { readFileSync } from 'node:fs';",
        'export type User = components["schemas"]["User"];',
        'export { eq, villages, BUILDINGS, readFileSync };',
      ],
    ],
    [
      'src/server/village/fixture-routes.ts',
      ["import type { FastifyInstance } from 'fastify';", "import { checkDatabase } from '../health/health';", 'export type App = FastifyInstance;', 'export { checkDatabase };'],
    ],
    ['src/rules/fixture.ts', ["import { BUILDINGS } from './buildings';", "import type { components } from '../contract';", 'export type User = components["schemas"]["User"];', 'export { BUILDINGS };']],
    ['tests/api/fixture.test.ts', ["import { BUILDINGS } from '../../src/rules/buildings';", "import type { paths } from '../../src/contract';", 'export type Paths = paths;', 'export { BUILDINGS };']],
  ];

  it.each(good)('%s reports nothing', async (filePath, lines) => {
    const code = lines.join('\n');
    expectResolvable(filePath, code);
    expect(await lint(filePath, code)).toEqual([]);
  });
});
