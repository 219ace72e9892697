// No function in the application source takes more than four parameters: a longer list is an object with a named
// interface in the game's words (see docs/ARCHITECTURE.md, service conventions), so arguments cannot be swapped by position.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../..');
const MAX_PARAMETERS = 4;

/** Every hand-written, non-test TypeScript file under `dir`. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/** The function-like declarations of one file with more than `max` parameters, as `path:line name (count)`. */
export function longParameterLists(path: string, text: string, max = MAX_PARAMETERS): string[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) {
      const count = node.parameters.filter((p) => !(ts.isIdentifier(p.name) && p.name.text === 'this')).length;
      if (count > max) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
        found.push(`${relative(root, path)}:${line} ${name} (${count})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('parameter lists', () => {
  it('finds a long list (the check itself works)', () => {
    expect(longParameterLists(join(root, 'src/x.ts'), 'export const f = (a: 1, b: 2, c: 3, d: 4, e: 5) => a;\nfunction g(a: 1, b: 2, c: 3, d: 4) { return a; }\n')).toEqual(['src/x.ts:1 (anonymous) (5)']);
    expect(longParameterLists(join(root, 'src/y.ts'), 'type T = (a: 1, b: 2, c: 3, d: 4, e: 5) => void;\n')).toEqual(['src/y.ts:1 (anonymous) (5)']);
  });

  it(`has no function in src with more than ${MAX_PARAMETERS} parameters`, () => {
    const found = sourceFiles(join(root, 'src')).flatMap((path) => longParameterLists(path, readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });
});
