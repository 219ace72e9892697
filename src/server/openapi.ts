// Turns openapi.yaml into Fastify routes: each operation gets its request schema, its auth guard and its handler.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Role } from '../rules/roles';
import { badRequest } from './errors';
import { openapiPath } from './repo-files';

type Json = Record<string, unknown>;

export interface Operation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path in openapi form, e.g. /api/villages/{id}. */
  path: string;
  /** False for health, login, register and the Discord pair. */
  secured: boolean;
  /** Least role that may call it (x-required-role), if any beyond a login. */
  requiredRole: Role | null;
  schema: { params?: Json; querystring?: Json; body?: Json };
}

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type Handlers = Partial<Record<string, Handler>>;
/**
 * Checks that run before the schema, so a form's mistakes get the same words the client shows
 * (SPEC section 5) instead of Ajv's generic ones. Returns the problems, or an empty list.
 */
export type BodyCheck = (body: Record<string, unknown>) => { field: string; message: string }[];
export type BodyChecks = Partial<Record<string, BodyCheck>>;

let cachedSpec: Json | null = null;
export function loadSpec(): Json {
  cachedSpec ??= parse(readFileSync(openapiPath, 'utf8')) as Json;
  return cachedSpec;
}

/** Inlines every local $ref and drops keywords that Ajv's draft-07 mode does not know. */
function resolve(node: unknown, spec: Json, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => resolve(item, spec, seen));
  if (!node || typeof node !== 'object') return node;
  const object = node as Json;
  if (typeof object.$ref === 'string') {
    const ref = object.$ref;
    if (seen.includes(ref)) throw new Error(`openapi.yaml: circular $ref ${ref}`);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Json)?.[key], spec);
    if (target === undefined) throw new Error(`openapi.yaml: unresolved $ref ${ref}`);
    return resolve(target, spec, [...seen, ref]);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(object)) {
    if (key === 'example' || key === 'examples' || key === 'xml' || key === 'externalDocs' || key === 'deprecated') continue;
    out[key] = resolve(value, spec, seen);
  }
  return out;
}

function parametersSchema(parameters: Json[], where: 'path' | 'query'): Json | undefined {
  const chosen = parameters.filter((p) => p.in === where);
  if (chosen.length === 0) return undefined;
  const properties: Json = {};
  const required: string[] = [];
  for (const p of chosen) {
    properties[p.name as string] = p.schema ?? { type: 'string' };
    if (p.required || where === 'path') required.push(p.name as string);
  }
  return { type: 'object', properties, required };
}

/** Fastify warns about schema keys that are present but undefined. */
function withoutEmpty(schema: Operation['schema']): Operation['schema'] {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined));
}

export function listOperations(spec: Json = loadSpec()): Operation[] {
  const globalSecured = Array.isArray(spec.security) && spec.security.length > 0;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(spec.paths as Record<string, Json>)) {
    const shared = ((item.parameters as Json[]) ?? []).map((p) => resolve(p, spec) as Json);
    for (const method of ['get', 'post', 'put', 'delete', 'patch'] as const) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const parameters = [...shared, ...((op.parameters as Json[]) ?? []).map((p) => resolve(p, spec) as Json)];
      const body = (op.requestBody as Json | undefined) && (resolve(op.requestBody, spec) as Json);
      const bodySchema = (body?.content as Record<string, Json> | undefined)?.['application/json']?.schema as Json | undefined;
      const security = op.security as unknown[] | undefined;
      operations.push({
        operationId: op.operationId as string,
        method: method.toUpperCase() as Operation['method'],
        path,
        secured: security ? security.length > 0 : globalSecured,
        requiredRole: (op['x-required-role'] as Role | undefined) ?? null,
        schema: withoutEmpty({
          params: parametersSchema(parameters, 'path'),
          querystring: parametersSchema(parameters, 'query'),
          body: bodySchema,
        }),
      });
    }
  }
  return operations;
}

export interface Guards {
  /** Loads the session from the bearer token or throws 401. */
  requireUser(request: FastifyRequest): Promise<void>;
  /** Throws 403 unless the signed-in user's role admits `role`. */
  requireRole(request: FastifyRequest, role: Role): void;
}

function friendlyCheck(check: BodyCheck) {
  return async (request: FastifyRequest) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return; // the schema explains that one
    // Only judge string fields here; wrong types are the schema's job.
    const strings = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : v == null ? '' : null]));
    if (Object.values(strings).some((v) => v === null)) return;
    const problems = check(strings as Record<string, unknown>);
    if (problems.length > 0) throw badRequest(problems[0].message, problems);
  };
}

const notImplemented: Handler = async (_request, reply) => reply.code(501).send({ error: 'Not implemented yet' });

/** Registers every operation of openapi.yaml; operations without a handler answer 501 until their feature lands. */
export function registerOperations(app: FastifyInstance, handlers: Handlers, guards: Guards, checks: BodyChecks = {}): Operation[] {
  const operations = listOperations();
  const known = new Set(operations.map((o) => o.operationId));
  const stray = Object.keys(handlers).filter((id) => !known.has(id));
  if (stray.length) throw new Error(`Handlers for operations not in openapi.yaml: ${stray.join(', ')}`);
  for (const op of operations) {
    const handler = handlers[op.operationId] ?? notImplemented;
    app.route({
      method: op.method,
      url: op.path.replace(/\{(\w+)\}/g, ':$1'),
      schema: op.schema,
      config: { operationId: op.operationId },
      // Auth runs before validation so an anonymous caller learns only that it must sign in.
      onRequest: op.secured
        ? async (request) => {
            await guards.requireUser(request);
            if (op.requiredRole) guards.requireRole(request, op.requiredRole);
          }
        : undefined,
      preValidation: checks[op.operationId] ? friendlyCheck(checks[op.operationId]!) : undefined,
      handler: handler as RouteHandlerMethod,
    });
  }
  return operations;
}
