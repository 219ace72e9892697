// Derives invalid requests of an operation from its openapi.yaml schemas, as fast-check arbitraries: each one wrong in exactly one stated way.
import fc from 'fast-check';
import type { Operation } from '../../src/server/openapi';
import { FREE_TEXT_PATTERN, MULTILINE_TEXT_PATTERN } from '../../src/rules/validation';

type Json = Record<string, unknown>;
type Schema = Json & { type?: string; properties?: Record<string, Schema>; required?: string[]; enum?: unknown[] };

/** A request before it is encoded: path and query values as decoded strings, the body as a value or as raw text. */
export interface Draft {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: unknown;
  /** Sent as it is, instead of JSON of `body`. */
  rawBody?: string;
}

/** One way of getting an operation wrong, with the requests that do it. */
export interface Site {
  what: string;
  arb: fc.Arbitrary<Draft>;
  /** How many requests to try (1 where the arbitrary has a single value). */
  runs: number;
}

/** What the derivation needs to know of the world: a real id for a name (villageId, heroId, ...) and ids of other kinds. */
export interface IdBook {
  /** The id a valid request would carry in a field or parameter of this name. */
  idFor(name: string): string;
  /** Real ids of things of another kind than the one `name` means (a hero's id where a village's is asked). */
  otherKinds(name: string): string[];
  /** Valid values the schema alone cannot give (a username matching its pattern, a password the rules accept), by `operationId.field`. */
  fixed: Record<string, unknown>;
}

/**
 * Text fields that are not shown to anyone as they are typed (passwords, one-time codes, search words,
 * idempotency keys): any character a keyboard can produce is theirs to use. Only what no text may hold
 * anywhere (NUL, lone surrogates) is wrong in them. Every other plain text field is free text that other
 * players read, which must refuse controls and direction overrides; a new field is held to that by default.
 */
export const OPAQUE_TEXT = new Set([
  'login.password',
  'register.password',
  'changePassword.currentPassword',
  'changePassword.newPassword',
  'setTemporaryPassword.password',
  'redeemDiscordCode.code',
  'distributeRewards.idempotencyKey',
  'searchUsers.q',
  'searchMap.q',
  'discordCallback.code',
  'discordCallback.error',
  'discordCallback.state',
]);

/** Wrong in every text: NUL (PostgreSQL cannot store it) and lone surrogates (no UTF-8 spelling; they would be stored as U+FFFD). */
const NEVER_TEXT = ['\u0000', '\uD800', '\uDFFF', 'a\uDC00b'];
/** Wrong in free text: C0 and C1 controls (line breaks and tabs aside, which messages may hold) and bidirectional overrides and isolates. */
const ODD_TEXT = [...NEVER_TEXT, '\u0001', '\u0007', '\u001B', '\u007F', '\u0085', '\u009B', '\u202E', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200F', '\u061C'];

/** The contract's patterns of free text (src/rules/validation.ts) and of a password being chosen (NewPassword). */
const FREE_TEXT = new Set([FREE_TEXT_PATTERN, MULTILINE_TEXT_PATTERN]);
const NEW_PASSWORD_PATTERN = '^(?=[\\s\\S]*[A-Z])(?=[\\s\\S]*[a-z])(?=[\\s\\S]*[0-9])(?=[\\s\\S]*[!@#$%^&*(),.?":{}|<>])';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 4);

const clone = <T>(value: T): T => structuredClone(value);

/** A valid value of `schema` for the field `name` of `operationId`. */
function validValue(schema: Schema, name: string, operationId: string, ids: IdBook, path = name): unknown {
  const fixed = ids.fixed[`${operationId}.${path}`];
  if (fixed !== undefined) return fixed;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const out: Json = {};
      for (const [key, inner] of Object.entries(schema.properties ?? {})) out[key] = validValue(inner, key, operationId, ids, path ? `${path}.${key}` : key);
      return out;
    }
    case 'integer':
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? -Infinity;
      const max = (schema.maximum as number | undefined) ?? Infinity;
      return Math.min(Math.max(1, min), max);
    }
    case 'boolean':
      return true;
    default:
      if (schema.format === 'uuid') return ids.idFor(name);
      if (schema.format === 'date-time') return new Date(Date.UTC(2030, 0, 1)).toISOString();
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.pattern === '^[A-Z0-9]{3,5}$') return 'ABCD';
      if (schema.pattern === '^-?\\d{1,3}\\|-?\\d{1,3}$') return '0|0';
      if (schema.pattern === '^[A-Za-z0-9_]+$') return 'valid_name';
      if (schema.pattern === NEW_PASSWORD_PATTERN) return 'Valhalla#2026';
      // A world's time zone (an IANA name), a client's key for sending once, a browser's push keys.
      if (schema.pattern === '^[A-Za-z][A-Za-z0-9_+\\-/]*$') return 'Europe/Oslo';
      if (schema.pattern === '^[A-Za-z0-9_-]+$') return 'valid-key-0001'.slice(0, (schema.maxLength as number | undefined) ?? 64);
      if (schema.pattern === '^[A-Za-z0-9_=-]+$') return 'validKey0001';
      if (schema.pattern && !FREE_TEXT.has(schema.pattern as string)) throw new Error(`bad-requests: no valid value known for the pattern ${String(schema.pattern)} of ${operationId}.${path}`);
      return 'Valid words'.padEnd((schema.minLength as number | undefined) ?? 0, 'x').slice(0, (schema.maxLength as number | undefined) ?? 50);
  }
}

/** A valid request of the operation: the base every invalid one changes in one place. */
export function validDraft(op: Operation, ids: IdBook): Draft {
  const params: Record<string, string> = {};
  for (const [name, schema] of Object.entries((op.schema.params?.properties ?? {}) as Record<string, Schema>)) params[name] = String(validValue(schema, name, op.operationId, ids));
  const query: Record<string, string> = {};
  const querySchema = op.schema.querystring as Schema | undefined;
  for (const name of querySchema?.required ?? []) query[name] = String(validValue(querySchema!.properties![name], name, op.operationId, ids));
  const body = op.schema.body ? validValue(op.schema.body as Schema, 'body', op.operationId, ids, '') : undefined;
  return { params, query, body };
}

function setAt(target: Json, path: string[], value: unknown): void {
  let at = target;
  for (const key of path.slice(0, -1)) at = at[key] as Json;
  if (value === DELETE) delete at[path[path.length - 1]];
  else at[path[path.length - 1]] = value;
}
const DELETE = Symbol('delete');
const INFINITE = '\u2063infinite\u2063';

/**
 * One value of each JSON type, and the texts a lenient validator would convert ("3", "true", ""). Bodies are JSON and are
 * never converted, so a body field given any of these that its schema's type does not admit must be refused.
 */
const JSON_SAMPLES: readonly [string, unknown][] = [
  ['text', 'Odin'],
  ['numeric text', '3'],
  ['boolean text', 'true'],
  ['empty text', ''],
  ['an integer', 3],
  ['zero', 0],
  ['a fraction', 1.5],
  ['true', true],
  ['false', false],
  ['null', null],
  ['an object', { a: 1 }],
  ['an empty object', {}],
  ['an array', [1]],
];

/** Whether a value is of a JSON type the schema names (untyped schemas admit every type). */
function typeAdmits(schema: Schema, value: unknown): boolean {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).some((inner) => typeAdmits(inner, value));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type] : null;
  if (!types) return true;
  return types.some((type) => {
    switch (type) {
      case 'string':
        return typeof value === 'string';
      case 'integer':
        return Number.isInteger(value);
      case 'number':
        return typeof value === 'number';
      case 'boolean':
        return typeof value === 'boolean';
      case 'null':
        return value === null;
      case 'array':
        return Array.isArray(value);
      case 'object':
        return value !== null && typeof value === 'object' && !Array.isArray(value);
      default:
        return false;
    }
  });
}

/** The samples of a JSON type the field's schema does not admit, by name. */
export function wrongJsonTypes(schema: Schema): (readonly [string, unknown])[] {
  return JSON_SAMPLES.filter(([, value]) => !typeAdmits(schema, value));
}

/** Numbers outside the declared bounds, fractions where an integer is asked, and values JSON turns into infinities. */
function outOfRange(schema: Schema): fc.Arbitrary<unknown> | null {
  const min = schema.minimum as number | undefined;
  const max = schema.maximum as number | undefined;
  const options: fc.Arbitrary<unknown>[] = [];
  if (min !== undefined) options.push(fc.integer({ min: -1e9, max: Math.ceil(min) - 1 }), fc.constant(min - 0.5), fc.constant(-1e300));
  if (max !== undefined) options.push(fc.integer({ min: Math.floor(max) + 1, max: 1e9 }), fc.constant(max + 0.5), fc.constant(1e300));
  if (schema.type === 'integer') options.push(fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true }).filter((x) => !Number.isInteger(x)));
  return options.length ? fc.oneof(...options) : null;
}

/** Texts the schema refuses by their length or shape alone. */
function badText(schema: Schema): fc.Arbitrary<unknown> | null {
  const options: fc.Arbitrary<unknown>[] = [];
  const max = schema.maxLength as number | undefined;
  const min = schema.minLength as number | undefined;
  if (max !== undefined) options.push(fc.string({ minLength: max + 1, maxLength: max + 40 }), fc.constant('x'.repeat(Math.max(max + 1, 60_000))));
  if (min !== undefined && min > 0) options.push(fc.string({ maxLength: min - 1 }));
  if (schema.format === 'uuid') options.push(fc.string({ maxLength: 40 }).filter((s) => !UUID.test(s)), fc.constantFrom('1', 'null', `${UNKNOWN_ID}x`, UNKNOWN_ID.replace(/-/g, '')));
  if (schema.format === 'date-time') options.push(fc.constantFrom('yesterday', '2030-13-01T00:00:00Z', '2030-01-01', '1e12', '2030-01-01T25:00:00Z'));
  if (schema.format === 'email') options.push(fc.constantFrom('nobody', '@example.com', 'a@', 'a b@example.com'));
  if (schema.enum) options.push(fc.string({ maxLength: 20 }).filter((s) => !schema.enum!.includes(s)));
  // A free-text pattern refuses only the odd characters the "odd characters" site tries one by one.
  if (schema.pattern && !FREE_TEXT.has(schema.pattern as string)) options.push(fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !new RegExp(schema.pattern as string).test(s)));
  return options.length ? fc.oneof(...options) : null;
}

/** The valid value with one odd character let in somewhere. */
function oddText(valid: string, opaque: boolean): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...(opaque ? NEVER_TEXT : ODD_TEXT)), fc.nat({ max: valid.length })).map(([odd, at]) => valid.slice(0, at) + odd + valid.slice(at));
}

/** A field of the body, a path or a query parameter, with where it sits and what would be valid there. */
interface Field {
  where: 'body' | 'params' | 'query';
  /** Path of keys inside the body; one name for parameters. */
  path: string[];
  schema: Schema;
  required: boolean;
  /** The object holding it refuses keys it does not name. */
  closedParent: boolean;
}

function bodyFields(schema: Schema, path: string[] = []): Field[] {
  const out: Field[] = [];
  for (const [key, inner] of Object.entries(schema.properties ?? {})) {
    out.push({ where: 'body', path: [...path, key], schema: inner, required: (schema.required ?? []).includes(key), closedParent: schema.additionalProperties === false });
    if (inner.type === 'object') out.push(...bodyFields(inner, [...path, key]));
  }
  return out;
}

function parameterFields(schema: Json | undefined, where: 'params' | 'query'): Field[] {
  const s = schema as Schema | undefined;
  return Object.entries(s?.properties ?? {}).map(([name, inner]) => ({ where, path: [name], schema: inner, required: where === 'params' || (s!.required ?? []).includes(name), closedParent: false }));
}

/** Objects (the body and those inside it) that refuse unnamed keys, by their path. */
function closedObjects(schema: Schema, path: string[] = []): string[][] {
  const here = schema.additionalProperties === false ? [path] : [];
  return [...here, ...Object.entries(schema.properties ?? {}).flatMap(([key, inner]) => (inner.type === 'object' ? closedObjects(inner, [...path, key]) : []))];
}

/** The draft with `value` put in place of the field. */
function withValue(base: Draft, field: Field, value: unknown): Draft {
  const draft = clone(base);
  if (field.where === 'body') {
    if (field.path.length === 0) draft.body = value;
    else setAt(draft.body as Json, field.path, value);
  } else {
    const bag = draft[field.where] as Record<string, unknown>;
    if (value === DELETE) delete bag[field.path[0]];
    else bag[field.path[0]] = typeof value === 'string' || Array.isArray(value) ? value : JSON.stringify(value);
  }
  return draft;
}

/** Every way of getting `op` wrong that its schemas tell of, each a site of fast-check requests. */
export function badRequestSites(op: Operation, ids: IdBook): Site[] {
  const base = validDraft(op, ids);
  const sites: Site[] = [];
  const add = (what: string, arb: fc.Arbitrary<Draft>, runs = RUNS) => sites.push({ what, arb, runs });
  const bodySchema = op.schema.body as Schema | undefined;
  const fields = [...parameterFields(op.schema.params, 'params'), ...parameterFields(op.schema.querystring, 'query'), ...(bodySchema ? bodyFields(bodySchema) : [])];

  for (const field of fields) {
    const name = `${field.where === 'body' ? 'body' : field.where === 'params' ? 'path' : 'query'} ${field.path.join('.')}`;
    const valid = field.where === 'body' ? field.path.reduce<unknown>((at, key) => (at as Json)[key], base.body) : (base[field.where] as Record<string, unknown>)[field.path[0]] ?? validValue(field.schema, field.path[0], op.operationId, ids);
    const put = (arb: fc.Arbitrary<unknown>) => arb.map((value) => withValue(base, field, value));
    // A missing path parameter is another address, and answers like one.
    if (field.required) add(`${name} missing`, fc.constant(withValue(base, field, field.where === 'params' ? '' : DELETE)), 1);
    // Path and query values are text on the wire; Ajv turns them into what the schema asks for. A body is JSON: every
    // value of a type its schema does not name is wrong, each tried once.
    if (field.where === 'body') for (const [label, value] of wrongJsonTypes(field.schema)) add(`${name} given ${label}`, fc.constant(withValue(base, field, value)), 1);
    else if (field.schema.type === 'integer' || field.schema.type === 'number') add(`${name} not a number`, put(fc.oneof(fc.constantFrom('abc', '1e', '0x1g', 'NaN', 'Infinity', '--1'), fc.string({ minLength: 1, maxLength: 6 }).filter((s) => Number.isNaN(Number(s))))));
    if (field.where === 'query') add(`${name} given twice`, fc.constant(withValue(base, field, [String(valid), String(valid)])), 1);
    if (field.schema.type === 'integer' || field.schema.type === 'number') {
      const range = outOfRange(field.schema);
      if (range) add(`${name} out of range`, put(field.where === 'body' ? range : range.map((n) => String(n))));
      const max = field.schema.maximum as number | undefined;
      if (max !== undefined) add(`${name} one past its maximum`, fc.constant(withValue(base, field, field.where === 'body' ? max + 1 : String(max + 1))), 1);
      // JSON has no infinity, but 1e400 parses to one: only raw text can carry it.
      if (field.where === 'body') {
        const marked = JSON.stringify(withValue(base, field, INFINITE).body);
        add(`${name} infinite`, fc.constantFrom('1e400', '-1e400').map((n) => ({ ...clone(base), rawBody: marked.replace(`"${INFINITE}"`, n) })), 2);
      }
    }
    if (field.schema.type === 'string' || (field.schema.type === undefined && !field.schema.properties)) {
      const text = badText(field.schema);
      if (text) add(`${name} of a wrong length or shape`, put(text));
      const opaque = OPAQUE_TEXT.has(`${op.operationId}.${field.path.join('.')}`);
      add(`${name} with odd characters`, put(oddText(String(valid), opaque)));
      // A filter in the query naming no world may fairly answer an empty list; an id in the path or body must name something.
      if (field.schema.format === 'uuid' && field.where !== 'query') {
        const others = ids.otherKinds(field.path[field.path.length - 1]);
        add(`${name} naming nothing or something else`, put(fc.constantFrom(UNKNOWN_ID, ...others)));
      }
    }
  }
  if (bodySchema) {
    for (const path of closedObjects(bodySchema)) {
      const known = new Set(Object.keys((path.reduce<Schema>((at, key) => at.properties![key], bodySchema)).properties ?? {}));
      const extra = fc.tuple(fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.has(k) && k !== '__proto__'), fc.jsonValue({ maxDepth: 2 }));
      add(`an unknown field in ${path.length ? `body ${path.join('.')}` : 'the body'}`, extra.map(([key, value]) => withValue(base, { where: 'body', path: [...path, key], schema: {}, required: false, closedParent: true }, value)));
    }
    add('a body that is no object', fc.constantFrom<unknown>([], 'text', 42, true, [base.body]).map((body) => ({ ...clone(base), body })));
  }
  if (op.method !== 'GET') {
    const text = JSON.stringify(base.body ?? { any: 'thing' });
    const cut = fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((at) => text.slice(0, at));
    add('malformed JSON', fc.oneof(cut, fc.constantFrom('{', '{"a":}', "{'a':1}", 'undefined', 'NaN', '{"a":1}}', '{"a":1,}', '\u0000')).map((rawBody) => ({ ...clone(base), rawBody })));
    // Over the server's 64 KiB cap, far enough that no parser reads it.
    add('a body of 1 MB', fc.constant({ ...clone(base), rawBody: JSON.stringify({ padding: 'x'.repeat(1 << 20) }) }), 1);
  }
  return sites;
}

/**
 * Requests valid but for one integer or number at the largest value its schema admits, one per such field: the edge the
 * server must still answer without a 5xx (a page past the end is empty; a count nobody can pay is refused).
 */
export function atMaximumDrafts(op: Operation, ids: IdBook): { what: string; draft: Draft }[] {
  const base = validDraft(op, ids);
  const bodySchema = op.schema.body as Schema | undefined;
  const fields = [...parameterFields(op.schema.params, 'params'), ...parameterFields(op.schema.querystring, 'query'), ...(bodySchema ? bodyFields(bodySchema) : [])];
  return fields
    .filter((field) => (field.schema.type === 'integer' || field.schema.type === 'number') && field.schema.maximum !== undefined)
    .map((field) => {
      const max = field.schema.maximum as number;
      return { what: `${field.where} ${field.path.join('.')} = ${max}`, draft: withValue(base, field, field.where === 'body' ? max : String(max)) };
    });
}

/** Percent-encodes a value for a path or query, lone surrogates as the bytes a client might send for them. */
function encode(value: string): string {
  return [...value].map((ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? `%ED%${(0xa0 + ((ch.charCodeAt(0) - 0xd800) >> 6)).toString(16).toUpperCase()}%80` : encodeURIComponent(ch))).join('');
}

/** The request inject sends for a draft. */
export function toRequest(op: Operation, draft: Draft, headers: Record<string, string>) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(draft.params[name] ?? ''));
  const query = Object.entries(draft.query)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${encodeURIComponent(key)}=${encode(String(v))}`))
    .join('&');
  const payload = draft.rawBody ?? (op.method === 'GET' || draft.body === undefined ? undefined : JSON.stringify(draft.body));
  return {
    method: op.method,
    url: query ? `${path}?${query}` : path,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    payload,
  };
}
