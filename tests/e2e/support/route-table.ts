// The client's route table read from src/client/app/routes.tsx (its source, parsed), so a page added there is known to the tests.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

export type RouteAccess = 'public' | 'visitors' | 'signed-in' | { role: string };

export interface ClientRoute {
  /** The full path as the router matches it: '/', '/game/village', '/game/*', '/admin/*'. */
  path: string;
  access: RouteAccess;
}

const ROUTES_FILE = resolve('src/client/app/routes.tsx');

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const member of object.properties) {
    if (ts.isPropertyAssignment(member) && member.name.getText() === name) return member.initializer;
  }
  return undefined;
}

function accessOf(expression: ts.Expression | undefined, inherited: RouteAccess | undefined, where: string): RouteAccess {
  if (!expression) {
    if (inherited) return inherited;
    throw new Error(`${where}: a page route without access`);
  }
  if (ts.isStringLiteral(expression)) return expression.text as RouteAccess;
  if (ts.isObjectLiteralExpression(expression)) {
    const role = property(expression, 'role');
    if (role && ts.isStringLiteral(role)) return { role: role.text };
  }
  throw new Error(`${where}: access ${expression.getText()} is not a literal this reader understands`);
}

/** Every page route (redirects left out, since they show no page of their own), children joined to their parent's path. */
export function clientRoutes(source = readFileSync(ROUTES_FILE, 'utf8')): ClientRoute[] {
  const file = ts.createSourceFile('routes.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const arrays = new Map<string, ts.ArrayLiteralExpression>();
  file.forEachChild(function visit(node) {
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isArrayLiteralExpression(node.initializer)) {
      arrays.set(node.name.getText(), node.initializer);
    }
    node.forEachChild(visit);
  });
  const top = arrays.get('appRoutes');
  if (!top) throw new Error('routes.tsx has no appRoutes array');

  const routes: ClientRoute[] = [];
  const walk = (array: ts.ArrayLiteralExpression, base: string, inherited: RouteAccess | undefined) => {
    for (const element of array.elements) {
      if (!ts.isObjectLiteralExpression(element)) throw new Error(`routes.tsx: ${element.getText()} is not a route object`);
      if (property(element, 'redirect')) continue;
      const pathNode = property(element, 'path');
      const isIndex = property(element, 'index')?.kind === ts.SyntaxKind.TrueKeyword;
      if (!isIndex && !(pathNode && ts.isStringLiteral(pathNode))) throw new Error(`routes.tsx: route without a literal path: ${element.getText()}`);
      const own = isIndex ? '' : (pathNode as ts.StringLiteral).text;
      const path = own.startsWith('/') ? own : `${base.replace(/\/$/, '')}/${own}`.replace(/\/$/, '') || '/';
      const access = accessOf(property(element, 'access'), inherited, path);
      routes.push({ path, access });
      const children = property(element, 'children');
      if (children) {
        const nested = ts.isIdentifier(children) ? arrays.get(children.text) : ts.isArrayLiteralExpression(children) ? children : undefined;
        if (!nested) throw new Error(`routes.tsx: children of ${path} are not an array this reader finds`);
        walk(nested, path, access);
      }
    }
  };
  walk(top, '', undefined);
  return routes;
}
