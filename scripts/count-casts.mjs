// The cast budget: counts the type assertions (`x as Foo`, `<Foo>x`) in hand-written source and fails above a limit.
//
//   node scripts/count-casts.mjs --max 50            count src/**/*.ts(x), print the total and the top files, exit 1 above 50
//   node scripts/count-casts.mjs --root dir --top 5  count another tree (the unit test's fixtures), list five files
//
// Counted: every AsExpression and TypeAssertion node the TypeScript compiler parses, except `as const` (which
// narrows a literal, it asserts nothing). Not counted: tests (*.test.ts, *.test.tsx) and declaration files
// (*.d.ts, so src/contract/schema.d.ts, which openapi-typescript generates). `satisfies` is not a cast.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The value after `--name`, or the fallback. */
function option(args, name, fallback) {
  const at = args.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

/** A whole number option, refused in one line when it is not one. */
function numberOption(args, name, fallback) {
  const text = option(args, name, undefined);
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) throw new Error(`--${name} must be a whole number, not ${JSON.stringify(text)}`);
  return Number(text);
}

/** Whether a file is hand-written, non-test TypeScript source. */
function counted(name) {
  if (!/\.tsx?$/.test(name)) return false;
  if (name.endsWith('.d.ts')) return false;
  return !/\.test\.tsx?$/.test(name);
}

/** Every counted file under `dir`, sorted, as absolute paths. */
function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(path));
    } else if (entry.isFile() && counted(entry.name)) {
      out.push(path);
    }
  }
  return out.sort();
}

/** Whether an `as` expression is `as const`. */
function isAsConst(node) {
  const type = node.type;
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const' && !type.typeArguments;
}

/** The casts in one file's text: their line numbers (1-based). */
export function castLines(fileName, text) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const lines = [];
  const visit = (node) => {
    if ((ts.isAsExpression(node) && !isAsConst(node)) || ts.isTypeAssertionExpression(node)) {
      lines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

function main(args) {
  const root = resolve(option(args, 'root', 'src'));
  const max = numberOption(args, 'max', undefined);
  const top = numberOption(args, 'top', 10);
  const perFile = [];
  for (const path of sourceFiles(root)) {
    const lines = castLines(path, readFileSync(path, 'utf8'));
    if (lines.length > 0) perFile.push({ file: relative(process.cwd(), path), count: lines.length });
  }
  perFile.sort((a, b) => b.count - a.count || a.file.localeCompare(b.file));
  const total = perFile.reduce((sum, { count }) => sum + count, 0);
  const limit = max === undefined ? '' : ` (limit ${max})`;
  console.log(`${total} casts in ${perFile.length} files${limit}`);
  for (const { file, count } of perFile.slice(0, top)) console.log(`${String(count).padStart(5)}  ${file}`);
  if (max !== undefined && total > max) {
    console.error(`Too many casts: ${total} > ${max}. Type the value (a typed column, a type guard, a narrowing function) instead of asserting it.`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  }
}
