// Every reply an API test receives is checked against its response schema in openapi.yaml, with no field the contract does not name.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { inlineRefs, listOperations, type Operation } from '../../src/server/openapi';
import { errorText, isErrorCode, type ErrorParams } from '../../src/server/errors';

type Json = Record<string, unknown>;

/**
 * A copy of a schema in which every object without its own `additionalProperties` admits only the
 * properties it names: the contract is closed, so a reply carrying an extra field fails.
 */
export function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    // `properties` maps names to schemas: close the schemas, not the map itself.
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, closed(v)])) : closed(value);
  }
  if (out.properties && out.additionalProperties === undefined && out.patternProperties === undefined) out.additionalProperties = false;
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

/** A named schema of openapi.yaml, $refs inlined and closed. */
function namedSchema(name: string): Json {
  return closed(inlineRefs({ $ref: `#/components/schemas/${name}` })) as Json;
}

const operations = new Map<string, Operation>(listOperations().map((op) => [op.operationId, op]));
const validators = new Map<string, ValidateFunction>();
const errorSchema = namedSchema('Error');

/** The validator for a reply of `operationId` with `status`: its declared schema, else `Error` for any failure. */
function validatorFor(operationId: string | undefined, status: number): ValidateFunction | string {
  const key = `${operationId ?? '-'}:${status}`;
  const cached = validators.get(key);
  if (cached) return cached;
  const op = operationId ? operations.get(operationId) : undefined;
  const declared = op?.responses[String(status)];
  let schema: unknown;
  if (declared) schema = closed(declared);
  else if (status >= 400) schema = errorSchema;
  else return `${operationId ?? 'a route outside openapi.yaml'} answered ${status}, which openapi.yaml does not declare`;
  const validate = ajv.compile(schema as Json);
  validators.set(key, validate);
  return validate;
}

/** Why `payload` is not what the contract promises for this reply, or null when it is. */
function violation(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
  const operationId = (request.routeOptions.config as { operationId?: string }).operationId;
  const status = reply.statusCode;
  if (status === 204 || status === 302 || status === 304) return null;
  const validate = validatorFor(operationId, status);
  if (typeof validate === 'string') return validate;
  if (validate(payload)) return status >= 400 ? uncatalogued(payload) : null;
  const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
  return `${request.method} ${request.url} -> ${status} breaks the contract of ${operationId ?? 'Error'}: ${problems.slice(0, 5).join('; ')}`;
}

/**
 * Why an error reply (valid against `Error`) breaks the error contract, or null: its code and each detail's must be
 * codes of the catalogue other than `refused` (a refusal worded by no template), and their English template with the
 * params must be the message, as the client's English translation will show it.
 */
function uncatalogued(payload: unknown): string | null {
  const body = payload as { error: string; code: string; params?: ErrorParams; details?: { message: string; code: string; params?: ErrorParams }[] };
  for (const said of [{ message: body.error, code: body.code, params: body.params }, ...(body.details ?? [])]) {
    if (!isErrorCode(said.code) || said.code === 'refused') return `"${said.message}" has no code of the error catalogue (${said.code}): add its template to src/server/error-catalogue.ts`;
    const words = errorText(said.code, said.params);
    if (words !== said.message) return `"${said.message}" is not what ${said.code} words with its params ("${words}")`;
  }
  return null;
}

const VIOLATION_HEADER = 'x-contract-violation';
const checked = new WeakSet<FastifyRequest>();

/**
 * Checks every reply of `app` against openapi.yaml: objects before the serialiser (where an extra field is
 * still visible), pre-serialised JSON as it is sent. A violation travels back in a header that the harness
 * turns into a failed test.
 */
export function checkRepliesAgainstContract(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    checked.add(request);
    const problem = violation(request, reply, payload);
    if (problem) reply.header(VIOLATION_HEADER, encodeURIComponent(problem));
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (checked.has(request) || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      reply.header(VIOLATION_HEADER, encodeURIComponent(`${request.method} ${request.url} sent JSON that does not parse`));
      return payload;
    }
    const problem = violation(request, reply, parsed);
    if (problem) reply.header(VIOLATION_HEADER, encodeURIComponent(problem));
    return payload;
  });
}

/** Throws the contract violation a reply carries, if any (called by the harness after every inject). */
export function assertNoViolation(headers: Record<string, unknown>): void {
  const problem = headers[VIOLATION_HEADER];
  if (typeof problem === 'string') throw new Error(decodeURIComponent(problem));
}

/** Fails with Ajv's own words when a value does not match a named schema of openapi.yaml (closed, like replies). */
export function expectSchema(name: string, value: unknown): void {
  const key = `schema:${name}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(namedSchema(name));
    validators.set(key, validate);
  }
  if (!validate(value)) throw new Error(`${name}: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
}
