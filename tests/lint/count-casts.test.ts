// scripts/count-casts.mjs counts the type assertions of a fixture tree exactly: `x as Foo` and `<Foo>x`, never `as const`, tests or declarations.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const script = resolve(import.meta.dirname, '../../scripts/count-casts.mjs');

/** Files of the fixture tree, by path, with the casts each should count. */
const fixtures: Record<string, { text: string; casts: number }> = {
  'a.ts': {
    text: [
      "const raw: unknown = 'x';",
      'const s = raw as string;', // 1
      'const n = <number>raw;', // 2: the old angle-bracket form
      "const list = ['a', 'b'] as const;", // as const narrows a literal: not a cast
      'const twice = raw as unknown as Map<string, number>;', // 3 and 4: each assertion counts
      'const fine = { s } satisfies { s: string };', // satisfies asserts nothing
      'export { s, n, list, twice, fine };',
    ].join('\n'),
    casts: 4,
  },
  'nested/b.tsx': {
    text: [
      'export const View = ({ value }: { value: unknown }) => <span>{value as string}</span>;', // 1 (in .tsx, <T>x would be JSX)
      'export const keys = ["k"] as const;',
    ].join('\n'),
    casts: 1,
  },
  'nested/deeper/c.ts': { text: 'export const x = (1 as number) + (2 as const);\n', casts: 1 },
  'clean.ts': { text: 'export const y: number = 1;\n', casts: 0 },
  // Not counted at all: tests and declaration files (src/contract/schema.d.ts is generated).
  'a.test.ts': { text: 'export const t = 1 as number;\n', casts: 0 },
  'b.test.tsx': { text: 'export const t = 1 as number;\n', casts: 0 },
  'types.d.ts': { text: 'declare const d: number;\nexport declare const e: typeof d;\nexport type F = ReturnType<() => 1>;\n', casts: 0 },
  'notes.js': { text: 'export const j = 1;\n', casts: 0 },
};
const total = Object.values(fixtures).reduce((sum, f) => sum + f.casts, 0);

let root = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'count-casts-'));
  for (const [path, { text }] of Object.entries(fixtures)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [script, '--root', root, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('count-casts', () => {
  it('counts `as` and angle-bracket assertions, but not `as const`, `satisfies`, tests or declaration files', () => {
    expect(total).toBe(6);
    const { status, stdout } = run();
    expect(status).toBe(0);
    expect(stdout.split('\n')[0]).toBe(`${total} casts in 3 files`);
  });

  it('lists the files with the most casts first', () => {
    const lines = run('--top', '2').stdout.trim().split('\n').slice(1);
    expect(lines.map((line) => line.trim().split(/\s+/))).toEqual([
      ['4', relative(process.cwd(), join(root, 'a.ts'))],
      ['1', relative(process.cwd(), join(root, 'nested/b.tsx'))],
    ]);
  });

  it('passes at the limit and fails above it', () => {
    expect(run('--max', String(total)).status).toBe(0);
    const over = run('--max', String(total - 1));
    expect(over.status).toBe(1);
    expect(over.stdout.split('\n')[0]).toBe(`${total} casts in 3 files (limit ${total - 1})`);
    expect(over.stderr).toContain(`Too many casts: ${total} > ${total - 1}`);
  });

  it('refuses a limit that is not a whole number', () => {
    const bad = run('--max', 'lots');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--max must be a whole number');
  });
});
