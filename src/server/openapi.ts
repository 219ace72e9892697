// Turns openapi.yaml into Fastify routes: each operation gets its request schema, reply serialiser, auth guard and typed handler.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRole, type Role } from '../rules/roles';
import type { OperationId } from '../contract';
import { badRequest, errorBody, say, worded } from './errors';
import { FREE_TEXT_PATTERN, MULTILINE_TEXT_PATTERN, freeTextError } from '../rules/validation';
import { signedIn } from './context';
import { RawJson, Redirect, type Handlers, type OperationInput } from './operations';
import type { SignInLimits } from './http/rate-limit';
import { openapiPath } from './repo-files';

/** A value of openapi.yaml: YAML's core schema reads only what JSON can say (text, numbers, booleans, null, lists, maps). */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}
type Json = JsonObject;

/** Whether a parsed value holds only JSON values, all the way down. */
function isJson(value: unknown, depth = 0): value is JsonValue {
  if (depth > 100) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  if (typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every((item) => isJson(item, depth + 1));
}

/** Whether a value of the spec is a map (not a list, text or number). */
function isObject(value: JsonValue | undefined): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value if it is a map, else undefined. */
const objectOf = (value: JsonValue | undefined): Json | undefined => (isObject(value) ? value : undefined);

/** The value if it is a list, else an empty one. */
const listOf = (value: JsonValue | undefined): JsonValue[] => (Array.isArray(value) ? value : []);

/** The value at `path` inside nested maps, or undefined where one is missing. */
const valueAt = (value: JsonValue | undefined, path: readonly string[]): JsonValue | undefined => path.reduce<JsonValue | undefined>((node, key) => objectOf(node)?.[key], value);

/** The value as a map, or start-up fails naming what openapi.yaml got wrong. */
function requireObject(value: JsonValue | undefined, what: string): Json {
  if (!isObject(value)) throw new Error(`openapi.yaml: ${what} is not a map`);
  return value;
}

export interface Operation {
  operationId: OperationId;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path in openapi form, e.g. /api/villages/{id}. */
  path: string;
  /** False for health, login, register and the Discord pair. */
  secured: boolean;
  /** Least role that may call it (x-required-role), if any beyond a login. */
  requiredRole: Role | null;
  /** Counted by the sign-in limits (x-rate-limit: sign-in). */
  rateLimited: boolean;
  /** Open to a sitting session (x-sitter: true): a sitter playing someone's account is refused every other operation. */
  sitter: boolean;
  /** The operation's first tag (what area of the game it belongs to), or null. */
  tag: string | null;
  /** The contract's one-line summary of what it does. */
  summary: string;
  schema: { params?: Json; querystring?: Json; body?: Json };
  /** Reply schemas by status code ('200', '404', ...), $refs inlined; a status without a JSON body has none. */
  responses: Record<string, Json | null>;
  /** The status a handler's result is sent with: the operation's 2xx, or 302 for a redirect-only operation. */
  successStatus: number;
  /** Body fields of free text that other players read: the contract marks them with the free-text rule's pattern. */
  freeText: FreeTextField[];
}

export interface FreeTextField {
  path: string[];
  multiline: boolean;
}
/**
 * Checks that run before the schema, so a form's mistakes get the same words the client shows
 * (the registration and login rules of src/rules/validation.ts) instead of Ajv's generic ones. Returns the problems, or an empty list.
 */
export type BodyCheck = (body: Record<string, unknown>) => { field: string; message: string }[];
export type BodyChecks = Partial<Record<string, BodyCheck>>;

let cachedSpec: Json | null = null;
export function loadSpec(): Json {
  if (!cachedSpec) {
    const parsed: unknown = parse(readFileSync(openapiPath, 'utf8'));
    if (!isJson(parsed)) throw new Error('openapi.yaml: the document holds values JSON cannot say');
    cachedSpec = requireObject(parsed, 'the document');
  }
  return cachedSpec;
}

/** Inlines every local $ref and drops keywords that Ajv's draft-07 mode does not know. */
export function inlineRefs(node: unknown, spec: Json = loadSpec()): unknown {
  if (!isJson(node)) throw new Error('inlineRefs: the schema holds values JSON cannot say');
  return resolve(node, spec);
}

function resolve(node: JsonValue, spec: Json, seen: string[] = []): JsonValue {
  if (Array.isArray(node)) return node.map((item) => resolve(item, spec, seen));
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) throw new Error(`openapi.yaml: circular $ref ${ref}`);
    const target = valueAt(spec, ref.replace(/^#\//, '').split('/'));
    if (target === undefined) throw new Error(`openapi.yaml: unresolved $ref ${ref}`);
    return resolve(target, spec, [...seen, ref]);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
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
    if (typeof p.name !== 'string') throw new Error(`openapi.yaml: a ${where} parameter has no name`);
    properties[p.name] = p.schema ?? { type: 'string' };
    if (p.required || where === 'path') required.push(p.name);
  }
  return { type: 'object', properties, required };
}

/** Fastify warns about schema keys that are present but undefined. */
function withoutEmpty(schema: Operation['schema']): Operation['schema'] {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined));
}

/** The JSON schema of a request body or a reply (its `content`), $refs inlined; undefined when it has none. */
function jsonSchemaOf(node: JsonValue | undefined, spec: Json): Json | undefined {
  if (node === undefined) return undefined;
  return objectOf(valueAt(resolve(node, spec), ['content', 'application/json', 'schema']));
}

function responseSchemas(responses: Json | undefined, spec: Json): Record<string, Json | null> {
  const out: Record<string, Json | null> = {};
  for (const [status, response] of Object.entries(responses ?? {})) out[status] = jsonSchemaOf(response, spec) ?? null;
  return out;
}

/** Every operation has exactly one success status, so a handler only says what to send, never how. */
function successStatus(operationId: string, statuses: string[]): number {
  const success = statuses.filter((s) => /^2\d\d$/.test(s));
  if (success.length > 1) throw new Error(`openapi.yaml: ${operationId} has several success statuses (${success.join(', ')})`);
  if (success.length === 1) return Number(success[0]);
  if (statuses.includes('302')) return 302;
  throw new Error(`openapi.yaml: ${operationId} has no success status`);
}

/** String fields of a body whose pattern is the free-text rule's, at any depth. */
function freeTextFields(schema: Json | undefined, path: string[] = []): FreeTextField[] {
  if (!schema || schema.type !== 'object') return [];
  return Object.entries(objectOf(schema.properties) ?? {}).flatMap(([key, value]) => {
    const inner = objectOf(value);
    if (!inner) return [];
    if (inner.type === 'object') return freeTextFields(inner, [...path, key]);
    if (inner.pattern === FREE_TEXT_PATTERN) return [{ path: [...path, key], multiline: false }];
    if (inner.pattern === MULTILINE_TEXT_PATTERN) return [{ path: [...path, key], multiline: true }];
    return [];
  });
}

/** The own field `key` of a value of unknown shape (a request body), or undefined. */
function fieldOf(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const field: unknown = Object.getOwnPropertyDescriptor(value, key)?.value;
  return field;
}

/** Why a free-text field of the body is refused, in the rule's own words (the schema's pattern would say it in regex). */
function freeTextProblem(body: unknown, fields: FreeTextField[]): { field: string; message: string } | null {
  for (const { path, multiline } of fields) {
    const value = path.reduce<unknown>(fieldOf, body);
    const message = typeof value === 'string' ? freeTextError(value, { multiline }) : undefined;
    if (message) return { field: path.join('.'), message };
  }
  return null;
}

/** The keys of a path item that name operations, with the method each is called by. */
const METHODS = [
  ['get', 'GET'],
  ['post', 'POST'],
  ['put', 'PUT'],
  ['delete', 'DELETE'],
  ['patch', 'PATCH'],
] as const;

/** The least role an operation asks for (x-required-role), or null; a role the rules do not know stops start-up. */
function requiredRole(op: Json, operationId: string): Role | null {
  const role = op['x-required-role'];
  if (role === undefined) return null;
  if (typeof role !== 'string' || !isRole(role)) throw new Error(`openapi.yaml: ${operationId} asks for an unknown role ${JSON.stringify(role)}`);
  return role;
}

/** The first tag of an operation, or null. */
function tagOf(op: Json): string | null {
  const [first] = listOf(op.tags);
  return typeof first === 'string' ? first : null;
}

export function listOperations(spec: Json = loadSpec()): Operation[] {
  const globalSecured = Array.isArray(spec.security) && spec.security.length > 0;
  const operations: Operation[] = [];
  for (const [path, value] of Object.entries(requireObject(spec.paths, 'paths'))) {
    const item = requireObject(value, `path ${path}`);
    const parametersOf = (node: Json) => listOf(node.parameters).map((p) => requireObject(resolve(p, spec), `a parameter of ${path}`));
    const shared = parametersOf(item);
    for (const [key, method] of METHODS) {
      const op = objectOf(item[key]);
      if (!op) continue;
      const operationId = op.operationId;
      if (typeof operationId !== 'string') throw new Error(`openapi.yaml: ${method} ${path} has no operationId`);
      const parameters = [...shared, ...parametersOf(op)];
      const bodySchema = jsonSchemaOf(op.requestBody, spec);
      const responses = responseSchemas(objectOf(op.responses), spec);
      operations.push({
        // Cast: OperationId is generated from this very file (npm run gen:api; check:api fails when the two differ).
        operationId: operationId as OperationId,
        method,
        path,
        secured: Array.isArray(op.security) ? op.security.length > 0 : globalSecured,
        requiredRole: requiredRole(op, operationId),
        rateLimited: op['x-rate-limit'] === 'sign-in',
        sitter: op['x-sitter'] === true,
        tag: tagOf(op),
        summary: typeof op.summary === 'string' ? op.summary : operationId,
        schema: withoutEmpty({
          params: parametersSchema(parameters, 'path'),
          querystring: parametersSchema(parameters, 'query'),
          body: bodySchema,
        }),
        responses,
        successStatus: successStatus(operationId, Object.keys(responses)),
        freeText: freeTextFields(bodySchema),
      });
    }
  }
  return operations;
}

/**
 * The methods the contract offers at a concrete path ("/api/villages/3f..."), HEAD with GET as Fastify serves it;
 * none for a path the contract does not know. A known path asked with another method answers 405 with these.
 */
export function allowedMethods(operations: Operation[]): (path: string) => string[] {
  const templates = operations.map((op) => ({
    pattern: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
    methods: op.method === 'GET' ? ['GET', 'HEAD'] : [op.method],
  }));
  return (path) => [...new Set(templates.filter((t) => t.pattern.test(path)).flatMap((t) => t.methods))];
}

export interface Guards {
  /**
   * Loads the session from the bearer token or throws 401 (403 when the operation is not open to the player now, or not
   * to a sitter in a sitting session).
   */
  requireUser(request: FastifyRequest, operation: Operation): Promise<void>;
  /** Throws 403 unless the signed-in user's role admits `role`. */
  requireRole(request: FastifyRequest, role: Role): void;
  /** After a change a sitter made in a sitting session succeeded, before its reply goes: the owner's log records it. */
  sitterActed?: (request: FastifyRequest, operation: Operation) => Promise<void>;
}

function friendlyCheck(check: BodyCheck) {
  return async (request: FastifyRequest) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return; // the schema explains that one
    // Only judge string fields here; wrong types are the schema's job.
    const strings = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : v == null ? '' : null]));
    if (Object.values(strings).some((v) => v === null)) return;
    const problems = check(strings);
    const [first] = problems;
    if (first) throw badRequest(worded(first.message), problems);
  };
}

/** A surrogate without its other half: it has no UTF-8 spelling, so the database would store U+FFFD (or fail) instead. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string in `value` may not reach the database, or null: a NUL, which PostgreSQL cannot store in text,
 * or a lone surrogate, which would be stored as another text than the one sent.
 */
function textProblem(value: unknown, depth = 0): 'text_control' | 'text_not_unicode' | null {
  if (typeof value === 'string') return value.includes('\u0000') ? 'text_control' : LONE_SURROGATE.test(value) ? 'text_not_unicode' : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const problem = textProblem(key, depth + 1) ?? textProblem(inner, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Whether a number in `value` is Infinity or NaN. */
function holdsNonFinite(value: unknown, depth = 0): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((inner) => holdsNonFinite(inner, depth + 1));
}

/**
 * The query parser keeps an escape that does not decode (%ED%A0%80, a lone surrogate in CESU-8) as it is,
 * so a search would quietly look for the escape itself: such an address is refused instead.
 */
function brokenQuery(url: string): boolean {
  const at = url.indexOf('?');
  if (at < 0) return false;
  return url
    .slice(at + 1)
    .split('&')
    .some((part) => {
      try {
        decodeURIComponent(part.replace(/\+/g, ' '));
        return false;
      } catch {
        return true;
      }
    });
}

const notImplemented = async (_request: FastifyRequest, reply: FastifyReply) => reply.code(501).send(errorBody(say('not_implemented')));

/**
 * Reply schemas for Fastify's serialiser: each success body is written from its schema, so a field the
 * contract does not name never leaves the server; every error is `Error`.
 */
function replySerialisation(op: Operation, errorSchema: Json): Record<string, Json> {
  const out: Record<string, Json> = { '4xx': errorSchema, '5xx': errorSchema };
  const success = op.responses[String(op.successStatus)];
  if (success && op.successStatus !== 302) out[String(op.successStatus)] = success;
  return out;
}

/** A handler's input as Fastify holds it: params, query and body are the request's own, already validated. */
type ValidatedInput = Omit<OperationInput<OperationId>, 'params' | 'query' | 'body'> & { params: unknown; query: unknown; body: unknown };

/**
 * Calls a typed handler with the validated request and sends what it returns with the operation's status. `acted` runs
 * after a sitting session's change succeeded, before the reply goes out, so the owner's log holds it by the time the
 * sitter sees the result; a refused change throws before it and is not logged.
 */
function runHandler(op: Operation, handler: NonNullable<Handlers[OperationId]>, acted: Guards['sitterActed']) {
  // Cast: the one place where Fastify's untyped request meets the contract's types. Ajv has validated params, query and
  // body against this operation's schemas before the handler runs, and `handler` is the one registered for its operationId.
  const typed = handler as (input: ValidatedInput) => Promise<unknown>;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await typed({
      params: request.params,
      query: request.query,
      body: request.body,
      get user() {
        return signedIn(request);
      },
      sitter: request.sitter,
      request,
      reply,
    });
    if (request.sitter && op.method !== 'GET' && acted) await acted(request, op);
    // A handler that took the socket over (the event stream) has answered already.
    if (reply.sent) return reply;
    if (result instanceof Redirect) return reply.redirect(result.location, 302);
    reply.code(op.successStatus);
    if (result instanceof RawJson) return reply.type('application/json; charset=utf-8').send(result.json);
    return op.successStatus === 204 ? reply.send() : reply.send(result);
  };
}

export interface RegisterOptions {
  /** Body checks that run before the schema (see BodyCheck). */
  checks?: BodyChecks;
  /** Serialise replies from their schemas (production); off only to measure what it costs. */
  serialiseReplies?: boolean;
  /** The sign-in limits for x-rate-limit operations: per address first of all, per account once the body is read. */
  limits?: SignInLimits;
}

/** Registers every operation of openapi.yaml; operations without a handler answer 501 until their feature lands. */
export function registerOperations(app: FastifyInstance, handlers: Handlers, guards: Guards, options: RegisterOptions = {}): Operation[] {
  const { checks = {}, serialiseReplies = true, limits } = options;
  const operations = listOperations();
  const known = new Set<string>(operations.map((o) => o.operationId));
  const stray = Object.keys(handlers).filter((id) => !known.has(id));
  if (stray.length) throw new Error(`Handlers for operations not in openapi.yaml: ${stray.join(', ')}`);
  const errorSchema = requireObject(resolve({ $ref: '#/components/schemas/Error' }, loadSpec()), 'the Error schema');
  for (const op of operations) {
    const handler = handlers[op.operationId];
    const check = checks[op.operationId];
    const friendly = check ? friendlyCheck(check) : null;
    app.route({
      method: op.method,
      url: op.path.replace(/\{(\w+)\}/g, ':$1'),
      schema: serialiseReplies ? { ...op.schema, response: replySerialisation(op, errorSchema) } : op.schema,
      config: { operationId: op.operationId },
      // Auth runs before validation so an anonymous caller learns only that it must sign in.
      onRequest: async (request) => {
        // Counted before anything else: a malformed or anonymous try counts like any other.
        if (op.rateLimited && limits) await limits.byAddress(request);
        if (op.secured) {
          await guards.requireUser(request, op);
          if (op.requiredRole) guards.requireRole(request, op.requiredRole);
        }
      },
      preValidation: async (request) => {
        // Refused here for every operation at once: no text with a NUL or a lone surrogate ever reaches the database
        // (the account limiter's key included; such a try was already counted against its address in onRequest).
        if (brokenQuery(request.url)) throw badRequest('broken_address');
        const problem = textProblem(request.params) ?? textProblem(request.query) ?? textProblem(request.body);
        if (problem) throw badRequest(problem);
        if (op.rateLimited && limits) await limits.byAccount(request);
        if (friendly) await friendly(request);
        const freeText = freeTextProblem(request.body, op.freeText);
        if (freeText) throw badRequest(worded(freeText.message), [freeText]);
      },
      // Ajv turns the text "Infinity" of a path or query into Infinity and lets it past its bounds (strictNumbers only
      // catches numbers that arrive as numbers), so what it coerced is looked at once more before a handler sees it.
      preHandler: async (request) => {
        if (holdsNonFinite(request.params) || holdsNonFinite(request.query) || holdsNonFinite(request.body)) throw badRequest('numbers_not_finite');
      },
      handler: handler ? runHandler(op, handler, guards.sitterActed) : notImplemented,
    });
  }
  return operations;
}
