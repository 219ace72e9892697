// Which error statuses each operation's handler can answer, read from the server's source: every error helper reachable from the handler.
import ts from 'typescript';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The helpers of src/server/errors.ts and the status each throws. */
const HELPER_STATUS: Record<string, number> = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  maintenance: 503,
};

const root = resolve(import.meta.dirname, '../..');
const serverDir = join(root, 'src/server');
const errorsFile = join(serverDir, 'errors.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

type FunctionLike = ts.FunctionLikeDeclaration;

/** What a symbol stands for when it names a function of the project: its declarations with bodies. */
function functionsOf(symbol: ts.Symbol | undefined, checker: ts.TypeChecker): FunctionLike[] {
  if (!symbol) return [];
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const out: FunctionLike[] = [];
  for (const declaration of target.declarations ?? []) {
    if (!declaration.getSourceFile().fileName.startsWith(join(root, 'src'))) continue;
    if (ts.isFunctionLike(declaration) && (declaration as FunctionLike).body) out.push(declaration as FunctionLike);
    else if (ts.isVariableDeclaration(declaration) && declaration.initializer && (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer))) {
      out.push(declaration.initializer);
    } else if (ts.isPropertyAssignment(declaration) && (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer))) {
      out.push(declaration.initializer);
    }
  }
  return out;
}

/**
 * Statuses thrown anywhere in `fn` or in a function it names (called, or passed on as a callback), transitively.
 * Over-approximates on purpose: a status that some branch of a helper could throw counts for every caller.
 */
function reachableStatuses(fn: FunctionLike, checker: ts.TypeChecker, memo: Map<FunctionLike, Set<number>>, visiting: Set<FunctionLike>): Set<number> {
  const known = memo.get(fn);
  if (known) return known;
  const statuses = new Set<number>();
  if (visiting.has(fn)) return statuses; // a cycle: its other members add their statuses where the cycle was entered
  visiting.add(fn);
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'GameError') {
      const first = node.arguments?.[0];
      if (first && ts.isNumericLiteral(first)) statuses.add(Number(first.text));
    }
    if (ts.isIdentifier(node)) {
      const symbol = checker.getSymbolAtLocation(node);
      for (const target of functionsOf(symbol, checker)) {
        if (target.getSourceFile().fileName === errorsFile) {
          const name = node.text;
          if (name in HELPER_STATUS) statuses.add(HELPER_STATUS[name]);
          continue;
        }
        if (target === fn) continue;
        for (const status of reachableStatuses(target, checker, memo, visiting)) statuses.add(status);
      }
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  visiting.delete(fn);
  memo.set(fn, statuses);
  return statuses;
}

/** For each operationId named in `operationIds`, the error statuses its handler (a method of a route factory's object) can throw. */
export function handlerStatuses(operationIds: Set<string>): Map<string, Set<number>> {
  const files = sourceFiles(serverDir);
  const program = ts.createProgram(files, { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, strict: true, noEmit: true, skipLibCheck: true, allowImportingTsExtensions: true });
  const checker = program.getTypeChecker();
  const memo = new Map<FunctionLike, Set<number>>();
  const out = new Map<string, Set<number>>();
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(serverDir)) continue;
    const visit = (node: ts.Node): void => {
      if ((ts.isMethodDeclaration(node) || ts.isPropertyAssignment(node)) && node.name && ts.isIdentifier(node.name) && operationIds.has(node.name.text) && ts.isObjectLiteralExpression(node.parent)) {
        const fn = ts.isMethodDeclaration(node) ? node : ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer) ? node.initializer : null;
        if (fn) out.set(node.name.text, reachableStatuses(fn, checker, memo, new Set()));
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return out;
}
